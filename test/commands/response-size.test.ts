import type { ServerResponse } from 'node:http';
import { gzipSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { type CliResult, removeTempDirs, runCli } from '../helpers/cli.js';
import { runMeasured } from '../helpers/measured-cli.js';
import { type RawServer, startRawServer } from '../helpers/raw-server.js';

// One size limit for every answer, counted on the decoded bytes as they arrive. Before, a 2 GiB
// chunked body killed the client (V8 fatal error, 4.3 GB resident) and a 1 MB gzip bomb took it
// to 2.1 GB and exit 70. Now each ends at the limit with exit code 7, in a bounded process.

const PROJECT = 'prj_big';
const MAX_PEAK_MB = 300;

let servers: RawServer[] = [];
afterEach(async () => {
  await Promise.all(servers.map((server) => server.close()));
  servers = [];
  removeTempDirs();
});

async function serve(handle: (res: ServerResponse) => void): Promise<RawServer> {
  const server = await startRawServer((_req, res) => handle(res));
  servers.push(server);
  return server;
}

/**
 * Writes `count` times `chunk` with the given headers, as fast as the client takes it (chunked:
 * no length is announced), and stops once the client has gone.
 */
function stream(
  res: ServerResponse,
  headers: Record<string, string>,
  chunk: Buffer,
  count: number,
) {
  res.writeHead(200, { 'content-type': 'application/json', ...headers });
  let left = count;
  const pump = () => {
    while (left > 0 && !res.destroyed) {
      left -= 1;
      if (!res.write(chunk)) {
        res.once('drain', pump);
        return;
      }
    }
    if (left === 0) res.end();
  };
  pump();
}

/** 2 GiB of body, 64 KiB a chunk. */
const twoGiB = (res: ServerResponse) =>
  stream(res, {}, Buffer.alloc(64 * 1024, 'a'), (2 * 1024 ** 3) / (64 * 1024));

/** About 1 MB on the wire, 1 GiB once decoded: gzip members of 16 MiB of zeros, one after another. */
const MEMBER = gzipSync(Buffer.alloc(16 * 1024 ** 2));
const gzipBomb = (res: ServerResponse) => stream(res, { 'content-encoding': 'gzip' }, MEMBER, 64);

const tooLarge = (url: string, size = '64 MiB') =>
  `domainctl: the answer from ${url} is larger than ${size}, the most domainctl reads of one answer (--max-response-size or DOMAINCTL_MAX_RESPONSE_SIZE); it was not read further\n`;

const env = (url: string) => ({
  DOMAINCTL_BASE_URL: url,
  DOMAINCTL_TOKEN: 'dk_test',
  DOMAINCTL_PROJECT: PROJECT,
});

describe('the response-size limit', () => {
  it('stops a 2 GiB chunked body at 64 MiB: exit 7, and the process stays small', async () => {
    const server = await serve(twoGiB);
    const result = await runMeasured(['api', 'request', 'GET', '/v1/regions'], {
      env: env(server.url),
      timeoutMs: 60_000,
    });
    expect({ stdout: result.stdout, stderr: result.stderr, code: result.code }).toEqual<CliResult>({
      stdout: '',
      stderr: tooLarge(`${server.url}/v1/regions`),
      code: 7,
    });
    expect(result.peakRssMb).toBeLessThan(MAX_PEAK_MB);
  });

  it('counts a gzip bomb decoded: domains list stops at the limit too (7)', async () => {
    const server = await serve(gzipBomb);
    const result = await runMeasured(['domains', 'list'], {
      env: env(server.url),
      timeoutMs: 60_000,
    });
    expect({ stdout: result.stdout, stderr: result.stderr, code: result.code }).toEqual<CliResult>({
      stdout: '',
      stderr: tooLarge(`${server.url}/v1/projects/${PROJECT}/domains`),
      code: 7,
    });
    expect(result.peakRssMb).toBeLessThan(MAX_PEAK_MB);
  });

  // The other pairing of each: the limit is one for every face, not a check of one command.
  it('stops a 2 GiB chunked body on domains list too (7), the process small', async () => {
    const server = await serve(twoGiB);
    const result = await runMeasured(['domains', 'list'], {
      env: env(server.url),
      timeoutMs: 60_000,
    });
    expect({ stdout: result.stdout, stderr: result.stderr, code: result.code }).toEqual<CliResult>({
      stdout: '',
      stderr: tooLarge(`${server.url}/v1/projects/${PROJECT}/domains`),
      code: 7,
    });
    expect(result.peakRssMb).toBeLessThan(MAX_PEAK_MB);
  });

  it('counts a gzip bomb decoded on api request too (7), the process small', async () => {
    const server = await serve(gzipBomb);
    const result = await runMeasured(['api', 'request', 'GET', '/v1/regions'], {
      env: env(server.url),
      timeoutMs: 60_000,
    });
    expect({ stdout: result.stdout, stderr: result.stderr, code: result.code }).toEqual<CliResult>({
      stdout: '',
      stderr: tooLarge(`${server.url}/v1/regions`),
      code: 7,
    });
    expect(result.peakRssMb).toBeLessThan(MAX_PEAK_MB);
  });

  it('takes its limit from --max-response-size, else DOMAINCTL_MAX_RESPONSE_SIZE', async () => {
    // 1 MiB of JSON exactly: `"aaa…"`.
    const body = `"${'a'.repeat(1024 ** 2 - 2)}"`;
    const server = await serve((res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(body);
    });
    const request = ['api', 'request', 'GET', '/v1/regions', '--json'];
    const exactly = await runCli([...request, '--max-response-size', '1M'], {
      env: env(server.url),
    });
    expect(exactly).toEqual<CliResult>({ stdout: `${body}\n`, stderr: '', code: 0 });

    const tooSmall = tooLarge(`${server.url}/v1/regions`, '1023 KiB');
    expect(
      await runCli([...request, '--max-response-size', '1023K'], { env: env(server.url) }),
    ).toEqual<CliResult>({ stdout: '', stderr: tooSmall, code: 7 });
    expect(
      await runCli(request, {
        env: { ...env(server.url), DOMAINCTL_MAX_RESPONSE_SIZE: '1047552' },
      }),
    ).toEqual<CliResult>({ stdout: '', stderr: tooSmall, code: 7 });
    // The flag wins over the environment.
    expect(
      await runCli([...request, '--max-response-size', '2MiB'], {
        env: { ...env(server.url), DOMAINCTL_MAX_RESPONSE_SIZE: '1K' },
      }),
    ).toEqual<CliResult>({ stdout: `${body}\n`, stderr: '', code: 0 });
  });

  it('refuses a size it cannot read, from the flag or the environment (2, nothing sent)', async () => {
    const server = await serve((res) => res.end('{}'));
    expect(
      await runCli(['domains', 'list', '--max-response-size', 'lots'], { env: env(server.url) }),
    ).toEqual<CliResult>({
      stdout: '',
      stderr:
        "domainctl: option '--max-response-size <size>' argument 'lots' is invalid. expected a size: bytes, or a number with K, M or G (e.g. 64M)\n(run with --help for usage)\n",
      code: 2,
    });
    expect(
      await runCli(['domains', 'list'], {
        env: { ...env(server.url), DOMAINCTL_MAX_RESPONSE_SIZE: '0' },
      }),
    ).toEqual<CliResult>({
      stdout: '',
      stderr:
        'domainctl: DOMAINCTL_MAX_RESPONSE_SIZE "0" is not a size: write a number of bytes, or one with K, M or G after it (e.g. 64M)\n',
      code: 2,
    });
    expect(server.requests).toEqual([]);
  });
});
