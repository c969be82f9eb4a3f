import { afterAll, describe, it, type OnTestFinishedHandler } from 'vitest';
import { removeTempDirs, runCli } from '../helpers/cli.js';
import { MAX_EMPTY_PAGES } from '../../src/client/paging.js';
import { type FakeApi, type FakePage, fakeDomain, startFakeApi } from '../helpers/fake-api.js';

// Servers whose paging never ends: a page token handed out again, or empty pages that point
// further for ever. Followed naively, `--all` grew past 290 MB; every command that follows pages
// must stop (at once for a repeated token, after MAX_EMPTY_PAGES empty pages in a row), exit 1,
// say why, and never print what it read as if it were the whole list. Empty pages before the end
// are followed, as AIP-158 allows.

const PROJECT = 'prj_loop';

const domain = (n: number) => fakeDomain(n, PROJECT);

/** Every page after the first comes back with the same token: page 2, 3, 4… for ever. */
const repeating = (_project: string, token: string | undefined): FakePage => ({
  items: [domain(token ? 2 : 1)],
  next: 'again',
});

/** The first page points to a second that is empty and points to a third, and so on for ever. */
const emptyPages = (_project: string, token: string | undefined): FakePage =>
  token === undefined
    ? { items: [domain(1)], next: 'p2' }
    : { items: [], next: `p${Number(token.slice(1)) + 1}` };

// Each test has an API of its own and runs with the others, each with its own `expect`: most of
// their time is spent waiting for a retry or for the next page to be written.
afterAll(() => removeTempDirs());

/** An API of the test's own, closed once the test is over. */
async function against(
  domainPage: (project: string, token?: string) => FakePage,
  onTestFinished: (fn: OnTestFinishedHandler) => void,
): Promise<FakeApi> {
  const api = await startFakeApi({ domainPage });
  onTestFinished(() => api.close());
  return api;
}

/** Runs a command against the API; a loop would hit runCli's own time limit instead. */
function run(api: FakeApi, args: string[], timeoutMs = 10_000) {
  return runCli(args, {
    env: {
      DOMAINCTL_BASE_URL: api.url,
      DOMAINCTL_TOKEN: 'dk_test',
      DOMAINCTL_PROJECT: PROJECT,
    },
    timeoutMs,
  });
}

const REPEATED = `the API handed out the page token "again" a second time (page 2 of the domains of ${PROJECT}): following it would never end, so the list stopped there, incomplete, after 2 items`;
const EMPTY = `page ${MAX_EMPTY_PAGES + 2} of the domains of ${PROJECT} made ${MAX_EMPTY_PAGES + 1} empty pages in a row, still pointing to a further page (next_page_token "p${MAX_EMPTY_PAGES + 3}"): past ${MAX_EMPTY_PAGES} empty pages in a row the list is taken never to end, so the list stopped there, incomplete, after 1 item`;

describe.concurrent('domains list --all against endless paging', () => {
  it('stops at a repeated token: exit 1, the reason, and no table of what it read', async ({
    expect,
    onTestFinished,
  }) => {
    const api = await against(repeating, onTestFinished);
    expect(await run(api, ['domains', 'list', '--all'])).toEqual({
      stdout: '',
      stderr: `domainctl: ${REPEATED}\n`,
      code: 1,
    });
    expect(api.asked()).toHaveLength(2);
  });

  it('stops after more than MAX_EMPTY_PAGES empty pages in a row that point further', async ({
    expect,
    onTestFinished,
  }) => {
    const api = await against(emptyPages, onTestFinished);
    expect(await run(api, ['domains', 'list', '--all'])).toEqual({
      stdout: '',
      stderr: `domainctl: ${EMPTY}\n`,
      code: 1,
    });
    expect(api.asked()).toHaveLength(MAX_EMPTY_PAGES + 2);
  });

  it('with --json leaves the streamed document unfinished, so it never parses as the list', async ({
    expect,
    onTestFinished,
  }) => {
    const api = await against(repeating, onTestFinished);
    const result = await run(api, ['domains', 'list', '--all', '--json']);
    expect({ ...result, stdout: undefined }).toEqual({
      stdout: undefined,
      stderr: `domainctl: ${REPEATED}\n`,
      code: 1,
    });
    expect(result.stdout).toBe(
      `{"domains":[${JSON.stringify(domain(1))},${JSON.stringify(domain(2))}`,
    );
    expect(() => JSON.parse(result.stdout)).toThrow(SyntaxError);
  });

  it('stops when a token comes back after a few pages, not only at once', async ({
    expect,
    onTestFinished,
  }) => {
    // p1 → a, a → b, b → a: the third page hands out a token the first did.
    const api = await against(
      (_project, token) => ({
        items: [domain(token === undefined ? 1 : token === 'a' ? 2 : 3)],
        next: token === 'a' ? 'b' : 'a',
      }),
      onTestFinished,
    );
    const result = await run(api, ['domains', 'list', '--all']);
    expect(result.code).toBe(1);
    expect(result.stderr).toBe(
      `domainctl: the API handed out the page token "a" a second time (page 3 of the domains of ${PROJECT}): following it would never end, so the list stopped there, incomplete, after 3 items\n`,
    );
  });
});

describe.concurrent('domains list --all against pages that never end and never repeat', () => {
  // 101 pages of 1,000 items, read by the command and written by the fake in this one process:
  // more time than the loops above, on a busy machine.
  it(
    'holds at most 100,000 rows for the table, then stops and points to --json (1)',
    { timeout: 40_000 },
    async ({ expect, onTestFinished }) => {
      // New tokens for ever, 1,000 domains a page: nothing repeats, so only the cap can stop it.
      const page = Array.from({ length: 1000 }, (_, i) => domain(i));
      const api = await against(
        (_project, token) => ({
          items: page,
          next: `t${Number(token?.slice(1) ?? 0) + 1}`,
        }),
        onTestFinished,
      );
      expect(await run(api, ['domains', 'list', '--all'], 30_000)).toEqual({
        stdout: '',
        stderr: `domainctl: ${PROJECT} has more than 100000 domains, more than the table of --all holds (its columns need every row first), so nothing was printed; --json prints any number, a page at a time\n`,
        code: 1,
      });
      expect(api.asked()).toHaveLength(101);
    },
  );
});

describe.concurrent('api request --paginate against endless paging', () => {
  it('stops at a repeated token with the document unfinished (1)', async ({
    expect,
    onTestFinished,
  }) => {
    const api = await against(repeating, onTestFinished);
    const result = await run(api, [
      'api',
      'request',
      'GET',
      `/v1/projects/${PROJECT}/domains`,
      '--paginate',
      '--json',
    ]);
    expect(result.code).toBe(1);
    expect(result.stderr).toBe(
      `domainctl: the API handed out the page token "again" a second time (page 2 of the list /v1/projects/${PROJECT}/domains): following it would never end, so the list stopped there, incomplete, after 2 items\n`,
    );
    expect(() => JSON.parse(result.stdout)).toThrow(SyntaxError);
    expect(api.asked()).toHaveLength(2);
  });

  it('stops after more than MAX_EMPTY_PAGES empty pages in a row (1)', async ({
    expect,
    onTestFinished,
  }) => {
    const api = await against(emptyPages, onTestFinished);
    const result = await run(api, [
      'api',
      'request',
      'GET',
      `/v1/projects/${PROJECT}/domains`,
      '--paginate',
    ]);
    expect(result.code).toBe(1);
    expect(result.stderr).toBe(
      `domainctl: ${EMPTY.replace(`domains of ${PROJECT}`, `list /v1/projects/${PROJECT}/domains`)}\n`,
    );
  });
});

describe.concurrent('a list that fails half-way', () => {
  /** Page 1 is fine; page 2 is a 500, or a page without the list in it. */
  const failing =
    (second: FakePage['instead']) =>
    (_project: string, token: string | undefined): FakePage =>
      token === undefined
        ? { items: [domain(1)], next: 'p2' }
        : { items: [], next: '', instead: second };
  const broken = {
    status: 500,
    statusText: 'Internal Server Error',
    body: { error: { code: 'internal_error', message: 'boom' } },
  };

  it('--paginate leaves the document unfinished and says where it stopped', async ({
    expect,
    onTestFinished,
  }) => {
    const api = await against(failing(broken), onTestFinished);
    const path = `/v1/projects/${PROJECT}/domains`;
    const result = await run(api, ['api', 'request', 'GET', path, '--paginate', '--json']);
    expect(result).toEqual({
      stdout: `{"domains":[${JSON.stringify(domain(1))}`,
      stderr: 'HTTP 500 internal_error: boom (page 2 of the list; the JSON above is incomplete)\n',
      code: 1,
    });
    const bodyless = await against(failing({ body: { items: [] } }), onTestFinished);
    expect(await run(bodyless, ['api', 'request', 'GET', path, '--paginate', '--json'])).toEqual({
      stdout: `{"domains":[${JSON.stringify(domain(1))}`,
      stderr:
        'domainctl: page 2 of the list has no "domains" array; the JSON above is incomplete\n',
      code: 6,
    });
  });

  it('domains list --all --json leaves it unfinished too, with no error body after it', async ({
    expect,
    onTestFinished,
  }) => {
    const api = await against(failing(broken), onTestFinished);
    expect(await run(api, ['domains', 'list', '--all', '--json'])).toEqual({
      stdout: `{"domains":[${JSON.stringify(domain(1))}`,
      stderr:
        'domainctl: page 2 of the domains failed; the JSON above is incomplete\nHTTP 500 internal_error: boom\n',
      code: 1,
    });
  });
});

describe.concurrent('commands that page to find a domain', () => {
  it('records stops at a repeated token instead of looking for ever (1)', async ({
    expect,
    onTestFinished,
  }) => {
    const api = await against(repeating, onTestFinished);
    expect(await run(api, ['domains', 'records', 'nowhere.example.com'])).toEqual({
      stdout: '',
      stderr: `domainctl: ${REPEATED}\n`,
      code: 1,
    });
  });

  it('check stops the same way, before any DNS query (1)', async ({ expect, onTestFinished }) => {
    const api = await against(emptyPages, onTestFinished);
    expect(
      await run(api, ['domains', 'check', 'nowhere.example.com', '--dns-server', '127.0.0.1:9']),
    ).toEqual({
      stdout: '',
      stderr: `domainctl: ${EMPTY}\n`,
      code: 1,
    });
  });

  it('wait ends at once with exit 1, not at its timeout', async ({ expect, onTestFinished }) => {
    const api = await against(repeating, onTestFinished);
    const started = Date.now();
    expect(await run(api, ['domains', 'wait', 'nowhere.example.com', '--timeout', '60'])).toEqual({
      stdout: '',
      stderr: `domainctl: ${REPEATED}\n`,
      code: 1,
    });
    expect(Date.now() - started).toBeLessThan(10_000);
  });
});

describe.concurrent('empty pages before the end (AIP-158)', () => {
  // The first page has a domain; the next three are empty but point further; the fifth holds the
  // last domain and ends the list. A client that stops at the first empty page misses it.
  const withEmptyPages = (_project: string, token: string | undefined): FakePage => {
    const page = token === undefined ? 1 : Number(token.slice(1));
    if (page === 1) return { items: [domain(1)], next: 'p2' };
    if (page < 5) return { items: [], next: `p${page + 1}` };
    return { items: [domain(5)], next: '' };
  };
  const everyPage = [
    'GET /v1/projects/prj_loop/domains?page_size=100',
    ...[2, 3, 4, 5].map((n) => `GET /v1/projects/prj_loop/domains?page_size=100&page_token=p${n}`),
  ];

  it('domains list --all --json follows them to the last page', async ({
    expect,
    onTestFinished,
  }) => {
    const api = await against(withEmptyPages, onTestFinished);
    expect(await run(api, ['domains', 'list', '--all', '--json'])).toEqual({
      stdout: `${JSON.stringify({ domains: [domain(1), domain(5)], next_page_token: '' })}\n`,
      stderr: '',
      code: 0,
    });
    expect(api.asked()).toEqual(everyPage);
  });

  it('domains list --all prints both domains in its table', async ({ expect, onTestFinished }) => {
    const api = await against(withEmptyPages, onTestFinished);
    const result = await run(api, ['domains', 'list', '--all']);
    expect({ ...result, stdout: result.stdout.split('\n').map((l) => l.split(' ')[0]) }).toEqual({
      stdout: ['DOMAIN', 'd1.example.com', 'd5.example.com', ''],
      stderr: '',
      code: 0,
    });
  });

  it('api request --paginate merges every page into the one document', async ({
    expect,
    onTestFinished,
  }) => {
    const api = await against(withEmptyPages, onTestFinished);
    const path = `/v1/projects/${PROJECT}/domains?page_size=100`;
    expect(await run(api, ['api', 'request', 'GET', path, '--paginate', '--json'])).toEqual({
      stdout: `${JSON.stringify({ domains: [domain(1), domain(5)], next_page_token: '' })}\n`,
      stderr: '',
      code: 0,
    });
    expect(api.asked()).toEqual(everyPage);
  });

  it('domains records finds a domain that comes after them', async ({ expect, onTestFinished }) => {
    const api = await against(withEmptyPages, onTestFinished);
    expect(await run(api, ['domains', 'records', 'd5.example.com', '--format', 'json'])).toEqual({
      stdout: `${JSON.stringify(
        {
          domain: 'd5.example.com',
          verified: false,
          records: [
            { type: 'CNAME', host: 'd5.example.com', value: 'edge.example.test' },
            { type: 'TXT', host: '_v.d5.example.com', value: 'v=5' },
            { type: 'CNAME', host: '_acme-challenge.d5.example.com', value: 'acme.example.test' },
          ],
        },
        null,
        2,
      )}\n`,
      stderr: '',
      code: 0,
    });
  });
});
