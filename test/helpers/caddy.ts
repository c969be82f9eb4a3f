import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from './dns-server.js';
import { toolPath } from './tools.js';

/** The Caddyfile the README documents, run as it is committed. */
export const EXAMPLE_CADDYFILE = fileURLToPath(
  new URL('../../examples/Caddyfile', import.meta.url),
);

export interface TestCaddy {
  /** Where Caddy serves HTTPS: 127.0.0.1 and this port. */
  readonly httpsPort: number;
  /** The root certificate of Caddy's internal CA (PEM), which signs what it obtains. */
  rootCertificate(): string;
  stop(): Promise<void>;
  output(): string;
}

/**
 * Runs Caddy (Debian's, 2.6) with examples/Caddyfile: on-demand TLS that asks `askUrl`, in front
 * of `upstream`. Offline, so its certificates come from its internal CA (`local_certs`); it
 * listens on loopback only, on free ports, and keeps its data in a directory of its own.
 */
export async function startCaddy(askUrl: string, upstream: string): Promise<TestCaddy> {
  const caddy = toolPath('caddy');
  const dir = mkdtempSync(join(tmpdir(), 'domainctl-caddy-'));
  const [httpPort, httpsPort] = [await freePort(), await freePort()];
  const global = [
    'admin off',
    'local_certs',
    'skip_install_trust',
    'default_bind 127.0.0.1',
    `http_port ${httpPort}`,
    `https_port ${httpsPort}`,
    `storage file_system ${join(dir, 'data')}`,
  ].join('\n');
  const child: ChildProcess = spawn(
    caddy,
    ['run', '--config', EXAMPLE_CADDYFILE, '--adapter', 'caddyfile'],
    {
      stdio: ['ignore', 'pipe', 'pipe'],
      env: {
        PATH: process.env.PATH,
        HOME: dir,
        XDG_DATA_HOME: dir,
        XDG_CONFIG_HOME: dir,
        DOMAINCTL_ASK_URL: askUrl,
        UPSTREAM: upstream,
        CADDY_GLOBAL: global,
      },
    },
  );
  let output = '';
  const collect = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-30_000);
  };
  child.stdout?.on('data', collect);
  child.stderr?.on('data', collect);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const killOnExit = () => child.kill('SIGKILL');
  process.once('exit', killOnExit);
  const stop = async () => {
    process.removeListener('exit', killOnExit);
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      const force = setTimeout(() => child.kill('SIGKILL'), 3000);
      await exited;
      clearTimeout(force);
    }
    rmSync(dir, { recursive: true, force: true });
  };
  const deadline = Date.now() + 15_000;
  for (;;) {
    const up = await new Promise<boolean>((resolve) => {
      const socket = connect(httpsPort, '127.0.0.1');
      socket.once('connect', () => {
        socket.destroy();
        resolve(true);
      });
      socket.once('error', () => resolve(false));
    });
    if (up) break;
    if (child.exitCode !== null || Date.now() > deadline) {
      await stop();
      throw new Error(`caddy did not start:\n${output.trim()}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return {
    httpsPort,
    rootCertificate: () =>
      readFileSync(join(dir, 'data', 'pki', 'authorities', 'local', 'root.crt'), 'utf8'),
    stop,
    output: () => output,
  };
}
