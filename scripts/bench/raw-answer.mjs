// The "raw answer 5 MB" figures of `npm run bench`: the raw-request screen of the real bin, in a
// pseudo-terminal, with a 5 MB answer against the same screen with an 8 KB one. The answers come
// from a proxy in front of the demo server (the API has no route that answers 5 MB): GET
// /v1/bench-answer/<size> is answered by the proxy, every other request goes on to the server.
// Each step is timed from the key written to the pty to the frame that shows its effect.
import { spawn } from 'node:child_process';
import { createServer, request } from 'node:http';
import { stripVTControlCharacters } from 'node:util';
import { bin, KEY, median, run, shellQuote } from './context.mjs';

// Pages timed on each answer: the small one has about 12 pages of lines at 40 rows.
const PAGES = 6;

/** A list like the API's, of about `bytes` bytes of JSON. */
function answerOf(bytes) {
  const item = (i) => ({
    id: `dom_${String(i).padStart(16, '0')}`,
    project_id: 'prj_demo_scale',
    domain: `host-${i}.bench.example`,
    verified: i % 3 === 0,
    verified_at: null,
    tls_cert_expiry: null,
    dns_instructions: {
      cname_host: `host-${i}.bench.example`,
      cname_target: 'edge.domainctl.test',
      txt_host: `_domainctl-verify.host-${i}.bench.example`,
      txt_value: 'domainctl-verify=0123456789abcdef',
    },
    created_at: '2026-01-01T00:00:00.000Z',
  });
  const domains = [];
  let size = 0;
  for (let i = 0; size < bytes; i++) {
    const one = item(i);
    domains.push(one);
    size += JSON.stringify(one).length + 1;
  }
  return JSON.stringify({ domains, next_page_token: '' });
}

/** A proxy to `base` that answers /v1/bench-answer/<bytes> itself. */
function startProxy(base, answers) {
  const target = new URL(base);
  const server = createServer((req, res) => {
    const own = /^\/v1\/bench-answer\/(\d+)/.exec(req.url ?? '');
    if (own) {
      const body = answers.get(Number(own[1])) ?? '{}';
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(body);
      return;
    }
    const forward = request(
      {
        host: target.hostname,
        port: target.port,
        path: req.url,
        method: req.method,
        headers: req.headers,
      },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    req.pipe(forward);
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve({ server, url: `http://127.0.0.1:${server.address().port}` }),
    ),
  );
}

/** The UI in a pty: `until(pattern)` waits for it in what was written since the last key. */
function startUi(node, base) {
  const command = `stty cols 120 rows 40; env -u CI ${shellQuote(node)} ${shellQuote(bin)} --base-url ${base} --token ${KEY} --project prj_demo_scale`;
  const child = spawn('script', ['-qec', command, '/dev/null'], {
    env: { ...run.env, TERM: 'xterm-256color' },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let out = '';
  let waiting;
  // What the terminal shows, its escapes (styles, cursor moves) left out.
  child.stdout.on('data', (chunk) => {
    out += stripVTControlCharacters(String(chunk));
    if (waiting?.pattern.test(out)) {
      const done = waiting;
      waiting = undefined;
      clearTimeout(done.timer);
      done.resolve(performance.now());
    }
  });
  const until = (pattern) =>
    new Promise((resolve, reject) => {
      if (pattern.test(out)) {
        resolve(performance.now());
        return;
      }
      const timer = setTimeout(
        () =>
          reject(
            new Error(`the UI did not show ${pattern} within 60 s; it shows: ${out.slice(-400)}`),
          ),
        60_000,
      );
      waiting = { pattern, resolve, timer };
    });
  /** Writes keys; resolves with the ms until the output shows `pattern`, and that output. */
  const press = async (keys, pattern) => {
    out = '';
    const start = performance.now();
    child.stdin.write(keys);
    const end = await until(pattern);
    return { ms: end - start, text: out };
  };
  const quit = () =>
    new Promise((resolve) => {
      child.on('exit', resolve);
      child.stdin.write('q');
      setTimeout(() => child.kill('SIGKILL'), 5000).unref();
    });
  return { until, press, quit };
}

/** One run over one answer: open it, page down through it, search it. */
async function measureAnswer(node, base, bytes) {
  const ui = startUi(node, base);
  try {
    await ui.until(/HOST NAME/);
    await ui.press('x', /Raw request/);
    const { ms: open } = await ui.press(`/v1/bench-answer/${bytes}\r`, /200 OK/);
    // ↓↓: past the path and the headers, to the answer.
    await ui.press('\u001b[B\u001b[B', /› \{/);
    const pages = [];
    let first = 1;
    for (let i = 0; i < PAGES; i++) {
      // The frame whose first line is another than the page before's.
      const { ms, text } = await ui.press('\u001b[6~', new RegExp(`lines (?!${first}–)\\d+–`));
      pages.push(ms);
      first = Number(/lines (\d+)–/.exec(text.slice(text.lastIndexOf('lines ')))?.[1] ?? first);
    }
    const { ms: search } = await ui.press('/host-7\r', /match \d+\/\d+ for/);
    return { open, page: median(pages), search };
  } finally {
    await ui.quit();
  }
}

export const rawAnswerRows = (goal) => [
  {
    id: 'raw-5mb-page',
    label: 'raw screen: PgDn through a 5 MB answer vs an 8 KB one (ms a key, pty, median)',
    goal: goal.atMost(2),
  },
  {
    id: 'raw-5mb-open',
    label: 'raw screen: a 5 MB answer from Enter to its first lines vs an 8 KB one',
    goal: goal.reported,
  },
  {
    id: 'raw-5mb-search',
    label: 'raw screen: / search of a 5 MB answer to its first match vs an 8 KB one',
    goal: goal.reported,
  },
];

export async function measureRawAnswer({ node, base, put }) {
  const big = 5 * 1024 * 1024;
  const small = 8 * 1024;
  const answers = new Map([
    [big, answerOf(big)],
    [small, answerOf(small)],
  ]);
  const proxy = await startProxy(base, answers);
  try {
    const ours = await measureAnswer(node, proxy.url, big);
    const floor = await measureAnswer(node, proxy.url, small);
    put('raw-5mb-page', { unit: 'ms', ours: ours.page, floor: floor.page });
    put('raw-5mb-open', { unit: 'ms', ours: ours.open, floor: floor.open });
    put('raw-5mb-search', { unit: 'ms', ours: ours.search, floor: floor.search });
  } finally {
    proxy.server.close();
  }
}
