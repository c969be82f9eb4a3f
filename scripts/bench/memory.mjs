// Peak resident memory, as the measured process itself reads it from process.resourceUsage()
// as it exits.
import { spawn, spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { bin, run, shellQuote, workFile } from './context.mjs';

/** A module for --import that writes the process's peak RSS (KiB) to `file` as it exits. */
function rssHook(file) {
  const hook = `${workFile('rss-hook')}.mjs`;
  writeFileSync(
    hook,
    `import { writeFileSync } from 'node:fs';
process.on('exit', () => writeFileSync(${JSON.stringify(file)}, String(process.resourceUsage().maxRSS)));`,
  );
  return hook;
}

/** Peak resident memory (MiB) of a Node command, read from the process itself as it exits. */
export function peakRss(node, args) {
  const file = workFile('rss');
  spawnSync(node, ['--import', rssHook(file), ...args], { env: run.env, stdio: 'ignore' });
  return Number(readFileSync(file, 'utf8')) / 1024;
}

/** Peak RSS (MiB) of the UI: run in a 112-row pty until `marker` shows, then quit with q. */
export function uiPeakRss(node, flags, marker) {
  const file = workFile('rss-ui');
  const hook = rssHook(file);
  return new Promise((resolvePeak, reject) => {
    const command = `stty cols 120 rows 112; env -u CI ${shellQuote(node)} --import ${shellQuote(hook)} ${shellQuote(bin)} ${flags}`;
    const child = spawn('script', ['-qec', command, '/dev/null'], {
      env: { ...run.env, TERM: 'xterm-256color' },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let out = '';
    let quitting = false;
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`the UI showed no ${marker} within 20 s`));
    }, 20_000);
    child.stdout.on('data', (chunk) => {
      out += chunk;
      if (!quitting && marker.test(out)) {
        quitting = true;
        child.stdin.write('q');
      }
    });
    child.on('exit', () => {
      clearTimeout(timer);
      try {
        resolvePeak(Number(readFileSync(file, 'utf8')) / 1024);
      } catch (error) {
        reject(error);
      }
    });
  });
}
