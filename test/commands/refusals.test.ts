import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { type CliResult, removeTempDirs, runCli, tempConfigDir } from '../helpers/cli.js';
import { startFakeApi } from '../helpers/fake-api.js';
import {
  type BytesServer,
  type RawServer,
  startBytesServer,
  startRawServer,
} from '../helpers/raw-server.js';

// What must be refused before anything is sent, what a broken answer is (not a network error),
// what --debug must not print, and what the zone snippet must not hold.

let others: { close(): Promise<void> }[] = [];
afterEach(async () => {
  await Promise.all(others.map((other) => other.close()));
  others = [];
  removeTempDirs();
});

/** An API that records every request and answers {} (the tests put it under a path prefix). */
async function prefixed(): Promise<RawServer> {
  const raw = await startRawServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end('{}');
  });
  others.push(raw);
  return raw;
}

describe('api request: a path with dot segments', () => {
  it('is refused, in every spelling, and nothing is sent, the token least of all (2)', async () => {
    const raw = await prefixed();
    const base = `${raw.url}/api`;
    for (const [path, segment, pathname] of [
      ['/../admin/keys', '..', '/../admin/keys'],
      ['/v1/./regions', '.', '/v1/./regions'],
      ['/v1/%2e%2e/%2E%2e/admin', '%2e%2e', '/v1/%2e%2e/%2E%2e/admin'],
      ['/v1/.%2E/admin?x=1', '.%2E', '/v1/.%2E/admin'],
      [`${base}/v1/../../admin`, '..', '/api/v1/../../admin'],
    ] as const) {
      expect(
        await runCli(['api', 'request', 'GET', path, '--base-url', base, '--token', 'dk_secret']),
        path,
      ).toEqual<CliResult>({
        stdout: '',
        stderr: `domainctl: the path ${pathname} has a dot segment ("${segment}"), which would make it another path: write the path it means\n`,
        code: 2,
      });
    }
    expect(raw.requests).toEqual([]);
  });

  it('or brought in by {project_id} (2)', async () => {
    const raw = await prefixed();
    const result = await runCli([
      'api',
      'request',
      'GET',
      '/v1/projects/{project_id}/domains',
      '--project',
      '..',
      '--token',
      'dk_secret',
      '--base-url',
      raw.url,
    ]);
    expect(result).toEqual<CliResult>({
      stdout: '',
      stderr:
        'domainctl: the path /v1/projects/../domains has a dot segment (".."), which would make it another path: write the path it means\n',
      code: 2,
    });
    expect(raw.requests).toEqual([]);
  });
});

describe('api request: a header that routes the request', () => {
  it('is refused in -H, in a saved request and by --save, and nothing is sent (2)', async () => {
    const raw = await prefixed();
    const dir = tempConfigDir();
    const run = (args: string[]) =>
      runCli(['api', 'request', ...args, '--base-url', raw.url, '--token', 'dk_secret'], {
        env: { DOMAINCTL_CONFIG_DIR: dir },
      });
    const refused = (name: string): CliResult => ({
      stdout: '',
      stderr: `domainctl: the ${name} header is refused: it routes the request, and a front that routes by it could take the token to another site; domainctl sends to the profile's base URL only\n`,
      code: 2,
    });
    expect(await run(['GET', '/v1/projects', '-H', 'Host: evil.test'])).toEqual(refused('Host'));
    expect(await run(['GET', '/v1/projects', '-H', 'x-forwarded-host: evil.test'])).toEqual(
      refused('x-forwarded-host'),
    );
    expect(await run(['GET', '/v1/projects', '-H', 'Host: evil.test', '--save', 'routed'])).toEqual(
      refused('Host'),
    );
    const requests = join(dir, 'requests');
    expect(existsSync(requests)).toBe(false);
    mkdirSync(requests);
    writeFileSync(
      join(requests, 'routed.json'),
      JSON.stringify({ method: 'GET', path: '/v1/projects', headers: ['Host: evil.test'] }),
    );
    expect(await run(['--saved', 'routed'])).toEqual(refused('Host'));
    expect(raw.requests).toEqual([]);
  });
});

describe('api request: a header that overrides the method', () => {
  it('is refused, also with a read-only profile, and nothing is sent (2)', async () => {
    const raw = await prefixed();
    const result = await runCli(
      ['api', 'request', 'GET', '/v1/projects', '-H', 'X-HTTP-Method-Override: DELETE'],
      { env: { DOMAINCTL_BASE_URL: raw.url, DOMAINCTL_TOKEN: 'dk_secret' } },
    );
    expect(result).toEqual<CliResult>({
      stdout: '',
      stderr:
        'domainctl: the X-HTTP-Method-Override header is refused: it asks the server for another method than the one sent, past read-only profiles and the retry rules; send the method itself instead\n',
      code: 2,
    });
    expect(raw.requests).toEqual([]);
  });
});

describe('a token no HTTP header can carry', () => {
  const refusal =
    "domainctl: the token cannot be sent: it holds a control character (U+0001, character 3), and a token is printable ASCII without spaces; check --token, DOMAINCTL_TOKEN or the profile's token\n";

  it('is a usage error for api request and domains list, and nothing is sent (2)', async () => {
    const raw = await prefixed();
    const env = { DOMAINCTL_BASE_URL: raw.url, DOMAINCTL_TOKEN: 'dk\u0001secret' };
    expect(await runCli(['api', 'request', 'GET', '/v1/projects'], { env })).toEqual<CliResult>({
      stdout: '',
      stderr: refusal,
      code: 2,
    });
    expect(await runCli(['domains', 'list', '--project', 'prj_a'], { env })).toEqual<CliResult>({
      stdout: '',
      stderr: refusal,
      code: 2,
    });
    expect(raw.requests).toEqual([]);
  });
});

describe('an answer that is not valid HTTP', () => {
  async function answering(bytes: string): Promise<BytesServer> {
    const bytesServer = await startBytesServer(bytes);
    others.push(bytesServer);
    return bytesServer;
  }

  it('a malformed header: its own exit code (6), said as such, and never retried', async () => {
    const bad = await answering(
      'HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nBad Header: x\r\nContent-Length: 2\r\n\r\n{}',
    );
    expect(
      await runCli(['api', 'request', 'GET', '/v1/regions', '--base-url', bad.url]),
    ).toEqual<CliResult>({
      stdout: '',
      stderr: `domainctl: the answer from ${bad.url}/v1/regions is not valid HTTP: invalid header token (HPE_INVALID_HEADER_TOKEN)\n`,
      code: 6,
    });
    expect(bad.requests).toEqual(['GET /v1/regions HTTP/1.1']);
  });

  it('a broken chunk in the body: the same, for domains list too', async () => {
    const bad = await answering(
      'HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n2\r\n{"\r\nZZ\r\n',
    );
    expect(
      await runCli(['domains', 'list', '--project', 'prj_a', '--token', 'dk_t'], {
        env: { DOMAINCTL_BASE_URL: bad.url },
      }),
    ).toEqual<CliResult>({
      stdout: '',
      stderr: `domainctl: the answer from ${bad.url}/v1/projects/prj_a/domains is not valid HTTP: invalid character in chunk size (HPE_INVALID_CHUNK_SIZE)\n`,
      code: 6,
    });
    expect(bad.requests).toHaveLength(1);
  });
});

describe('--debug and credentials in the query string', () => {
  it('masks each parameter named like a credential to its last 4 characters', async () => {
    // An API (not ours: the reference server refuses query parameters it does not know) that
    // takes its key in the query string.
    const api = await prefixed();
    const query =
      'api_key=sk_live_51abcdefWXYZ&access_token=eyJhbGciOi.payload.sig9&page_size=2&client_secret=shh-1234&password=hunter2&auth=Zm9vOmJhcg%3D%3D';
    const result = await runCli(['api', 'request', 'GET', `/v1/regions?${query}`, '--debug'], {
      env: { DOMAINCTL_BASE_URL: `${api.url}?api_key=base-key-0042` },
    });
    expect({ stdout: result.stdout, code: result.code }).toEqual({ stdout: '{}\n', code: 0 });
    const lines = result.stderr.split('\n');
    expect(lines).toContain(
      `> GET ${api.url}/v1/regions?api_key=****WXYZ&access_token=****sig9&page_size=2&client_secret=****1234&password=****ter2&auth=****cg%3D%3D`,
    );
    expect(lines).toContain(`* base URL: ${api.url}/?api_key=****0042 (environment)`);
    for (const secret of ['sk_live_51', 'payload', 'shh-', 'hunter', 'Zm9vOmJh', 'base-key']) {
      expect(result.stderr).not.toContain(secret);
    }
    // The key did reach the API: only the trace masks it.
    expect(api.requests.map((r) => r.url)).toEqual([`/v1/regions?${query}`]);
  });
});

describe('domains records --format zone against hosts outside the domain', () => {
  it('refuses a record whose host is not the domain or under it, and writes nothing (1)', async () => {
    const shop = {
      id: 'dom_shop',
      project_id: 'prj_zone',
      domain: 'shop.example.com',
      verified: false,
      verified_at: null,
      tls_cert_expiry: null,
      dns_verification_token: 'abcdefghijklmnop',
      dns_instructions: {
        cname_host: 'example.com',
        cname_target: 'attacker.example.net',
        txt_host: '_domainctl-verify.shop.example.com',
        txt_value: 'domainctl-verify=abcdefghijklmnop',
        acme_cname_host: '_acme-challenge.shop.example.com',
        acme_cname_target: 'dom-shop.acme.edge.domainctl.test',
      },
      created_at: '2026-11-21T14:20:00.000Z',
      updated_at: '2026-11-21T14:20:00.000Z',
    };
    const api = await startFakeApi({ domains: { prj_zone: [shop] } });
    others.push(api);
    const records = ['domains', 'records', 'shop.example.com', '--project', 'prj_zone'];
    const env = { DOMAINCTL_BASE_URL: api.url, DOMAINCTL_TOKEN: 'dk_test' };
    expect(await runCli([...records, '--format', 'zone'], { env })).toEqual<CliResult>({
      stdout: '',
      stderr:
        'domainctl: cannot write the zone snippet of shop.example.com: the host of the CNAME record, example.com, is not shop.example.com or a name under it, so it is no record of this domain\n',
      code: 1,
    });
  });
});
