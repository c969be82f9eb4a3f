// The servers under test and the floors' servers: child processes started on a node binary,
// each ended when its figure is done (or on Ctrl+C), and plain HTTP requests to them.
import { spawn } from 'node:child_process';
import { request } from 'node:http';
import { bin, run } from './context.mjs';

/** The servers running, to end on Ctrl+C. */
export const children = new Set();

/** Starts `node args…` and resolves with its address once it prints one matching `pattern`. */
export function startChild(node, args, pattern = /listening on (http:\/\/\S+)/) {
  return new Promise((resolve, reject) => {
    // stderr is kept (its end) for the error message: shutting down says so there.
    const child = spawn(node, args, { env: run.env, stdio: ['ignore', 'pipe', 'pipe'] });
    children.add(child);
    child.on('exit', () => children.delete(child));
    let out = '';
    let err = '';
    child.stderr.setEncoding('utf8');
    child.stderr.on('data', (chunk) => (err = (err + chunk).slice(-4000)));
    child.stdout.setEncoding('utf8');
    child.stdout.on('data', (chunk) => {
      out += chunk;
      const m = pattern.exec(out);
      if (m) {
        // The request log goes on being read, and dropped.
        child.stdout.removeAllListeners('data');
        child.stdout.resume();
        resolve({ child, url: m[1] });
      }
    });
    child.on('error', reject);
    child.on('exit', (code) => reject(new Error(`${args.join(' ')} exited ${code}: ${out}${err}`)));
  });
}

/**
 * `domainctl serve` on `node` with the demo data in `db`. The demo's verifier (every 2 s,
 * through its own DNS) is not what any figure measures: it is off.
 */
export const startServe = (node, db) =>
  startChild(node, [
    ...[bin, 'serve', '--port', '0', '--db', db, '--seed', 'demo'],
    ...['--verify-interval', '0'],
  ]);

/** Ends a child and waits until it is gone. */
export function stopChild({ child }) {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once('exit', resolve);
    child.kill('SIGTERM');
  });
}

export function get(agent, url, headers = {}) {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    request(url, { agent, headers }, (res) => {
      const chunks = [];
      res.on('data', (c) => chunks.push(c));
      res.on('end', () =>
        resolve({
          status: res.statusCode,
          headers: res.headers,
          body: Buffer.concat(chunks),
          ms: performance.now() - started,
        }),
      );
    })
      .on('error', reject)
      .end();
  });
}

export function post(agent, url, body, headers) {
  return new Promise((resolve, reject) => {
    const data = JSON.stringify(body);
    const req = request(
      url,
      { method: 'POST', agent, headers: { ...headers, 'content-type': 'application/json' } },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode));
      },
    );
    req.on('error', reject);
    req.end(data);
  });
}
