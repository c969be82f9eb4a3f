// The "memory UI, 600 domains" figure of `npm run bench`: the peak resident memory of the UI
// with every domain of a project of 600 loaded in the background (the demo's 45 and 555 added
// through the API), filtered (`/northwind`), sorted three ways (`sss`) and quit, against
// `node -e 0`. The goal: under 150 MB for the whole process.
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const PROJECT = 'prj_demo_scale';
const ADDED = 555;
const KEY = 'dk_demo_tester';

/** The rows of the table this group fills (registered in figures/memory-ui-many.mjs). */
export function uiManyRows(goal) {
  return [
    {
      id: 'rss-ui-600',
      group: 'memory UI 600',
      label: 'peak RSS of the UI with 600 domains loaded, filtered and sorted vs `node -e 0`',
      goal: goal.belowMb(150),
    },
  ];
}

const shellQuote = (text) => `'${text.replaceAll("'", `'\\''`)}'`;

/** A module for --import that writes the process's peak RSS (KiB) to `file` as it exits. */
function rssHook(dir, file) {
  const hook = join(dir, `rss-hook-${Math.random().toString(36).slice(2)}.mjs`);
  writeFileSync(
    hook,
    `import { writeFileSync } from 'node:fs';\nprocess.on('exit', () => writeFileSync(${JSON.stringify(file)}, String(process.resourceUsage().maxRSS)));\n`,
  );
  return hook;
}

/** Sends each key once the output shows its marker; resolves when the process has exited. */
function drive(command, env, steps) {
  return new Promise((resolve, reject) => {
    const child = spawn('script', ['-qec', command, '/dev/null'], {
      env: { ...env, TERM: 'xterm-256color' },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let out = '';
    let step = 0;
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`the UI did not show ${steps[step]?.[0]} within 30 s`));
    }, 30_000);
    child.stdout.on('data', (chunk) => {
      out += chunk;
      while (step < steps.length && steps[step][0].test(out)) {
        child.stdin.write(steps[step][1]);
        out = '';
        step++;
      }
    });
    child.on('exit', () => {
      clearTimeout(timer);
      resolve();
    });
  });
}

/**
 * `base`: a reference server seeded with the demo data. Adds the 555 domains, runs the UI in a
 * pseudo-terminal through the walk, and puts the figure.
 */
export async function measureUiMany({ node, bin, base, env, put }) {
  for (let i = 0; i < ADDED; i += 25) {
    const batch = [];
    for (let j = i; j < Math.min(i + 25, ADDED); j++) {
      batch.push(
        fetch(`${base}/v1/projects/${PROJECT}/domains`, {
          method: 'POST',
          headers: { authorization: `Bearer ${KEY}`, 'content-type': 'application/json' },
          body: JSON.stringify({
            domain: `host-${j}.${j % 2 ? 'northwind-bench' : 'globex-bench'}.example`,
          }),
        }).then((res) => res.status),
      );
    }
    const statuses = await Promise.all(batch);
    // 409: added by an earlier line's run on the same server.
    if (statuses.some((s) => s !== 201 && s !== 409))
      throw new Error(`adding answered ${statuses}`);
  }
  const dir = mkdtempSync(join(tmpdir(), 'domainctl-bench-ui-many-'));
  try {
    const floorFile = join(dir, 'floor');
    spawnSync(node, ['--import', rssHook(dir, floorFile), '-e', '0'], { env, stdio: 'ignore' });
    const file = join(dir, 'ui');
    const command = `stty cols 120 rows 40; env -u CI ${shellQuote(node)} --import ${shellQuote(rssHook(dir, file))} ${shellQuote(bin)} --base-url ${base} --token ${KEY} --project ${PROJECT}`;
    await drive(command, env, [
      [/600 domains/, '/northwind'],
      [/matches for/, '\r'],
      [/domains/, 'sss'],
      [/soonest first/, 'q'],
    ]);
    const kib = (path) => Number(readFileSync(path, 'utf8'));
    put('rss-ui-600', { unit: 'MiB', ours: kib(file) / 1024, floor: kib(floorFile) / 1024 });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
