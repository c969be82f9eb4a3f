import { writeFileSync } from 'node:fs';
import { createServer, get } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stripAnsi } from '../../src/commands/style.js';
import { type CliResult, runCli, runBin, tempConfigDir } from '../helpers/cli.js';
import { sendsNothing } from '../helpers/command-runs.js';
import { seededServerForFile } from '../helpers/fixtures.js';
import {
  closedPort,
  type Listening,
  listen,
  startRawServer,
  startSilentServer,
} from '../helpers/raw-server.js';
import { OUTSIDER_KEY, TESTER_KEY } from '../helpers/server.js';
import { selfSignedCert } from '../helpers/tls.js';

const server = seededServerForFile();

const pretty = (value: unknown) => `${JSON.stringify(value, null, 2)}\n`;
const compact = (value: unknown) => `${JSON.stringify(value)}\n`;

/** What the server itself answers, fetched directly: the expected output of each test. */
async function serverAnswer(path: string, token: string | undefined = TESTER_KEY) {
  const response = await fetch(`${server.url}${path}`, {
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
  return { status: response.status, headers: response.headers, json: await response.json() };
}

/** `domainctl api request …` against the seeded server. */
function api(args: string[], options: Parameters<typeof runCli>[1] = {}): Promise<CliResult> {
  return runCli(['api', 'request', ...args, '--base-url', server.url], options);
}

/** Response headers whose value differs from one answer to the next, as the tests write them. */
const VARYING: Record<string, string> = { date: 'DATE', 'x-request-id': 'ID' };

/** The headers of the server's answer to a GET as they came: names in their case, in order. */
function rawHeaders(path: string): Promise<[string, string][]> {
  return new Promise((resolve, reject) => {
    get(`${server.url}${path}`, (res) => {
      res.resume();
      const pairs: [string, string][] = [];
      for (let i = 0; i + 1 < res.rawHeaders.length; i += 2) {
        pairs.push([res.rawHeaders[i] as string, res.rawHeaders[i + 1] as string]);
      }
      resolve(pairs);
    }).on('error', reject);
  });
}

describe('api request: what it sends and prints', () => {
  it('GET /v1/regions needs no credentials and prints formatted JSON', async () => {
    const expected = await serverAnswer('/v1/regions', undefined);
    const before = server.requests.length;
    const result = await api(['GET', '/v1/regions']);
    expect(result).toEqual({ stdout: pretty(expected.json), stderr: '', code: 0 });
    expect(server.requests.slice(before)).toEqual(['GET /v1/regions 200']);
  });

  it('accepts the method in lower case', async () => {
    const expected = await serverAnswer('/v1/projects');
    const result = await api(['get', '/v1/projects', '--token', TESTER_KEY]);
    expect(result).toEqual({ stdout: pretty(expected.json), stderr: '', code: 0 });
  });

  it('prints compact JSON with --json', async () => {
    const expected = await serverAnswer('/v1/regions', undefined);
    const result = await api(['GET', '/v1/regions', '--json']);
    expect(result).toEqual({ stdout: compact(expected.json), stderr: '', code: 0 });
  });

  it('accepts an absolute URL on the API it talks to', async () => {
    const expected = await serverAnswer('/v1/regions', undefined);
    const result = await api(['GET', `${server.url}/v1/regions`]);
    expect(result).toEqual({ stdout: pretty(expected.json), stderr: '', code: 0 });
  });

  /** The database the server holds under that name, as the API lists it. */
  async function databaseNamed(name: string) {
    const { json } = await serverAnswer('/v1/projects/prj_demo_scale/databases?page_size=100');
    return (json as { databases: { name: string }[] }).databases.find((d) => d.name === name);
  }

  it('POSTs inline JSON from --data', async () => {
    const result = await api([
      'POST',
      '/v1/projects/prj_demo_scale/databases',
      '--token',
      TESTER_KEY,
      '--data',
      '{"name":"inline-db"}',
    ]);
    const created = await databaseNamed('inline-db');
    expect(created).toBeDefined();
    expect(result).toEqual({ stdout: pretty(created), stderr: '', code: 0 });
  });

  it('without a method, as gh api: a GET, or a POST once a body or fields are given', async () => {
    const regions = await serverAnswer('/v1/regions', undefined);
    const before = server.requests.length;
    expect(await api(['/v1/regions'])).toEqual({
      stdout: pretty(regions.json),
      stderr: '',
      code: 0,
    });
    const path = '/v1/projects/prj_demo_scale/databases';
    const fromData = await api([path, '--token', TESTER_KEY, '-d', '{"name":"implicit-data"}']);
    expect(fromData).toEqual({
      stdout: pretty(await databaseNamed('implicit-data')),
      stderr: '',
      code: 0,
    });
    const fromField = await api([path, '--token', TESTER_KEY, '-f', 'name=implicit-field']);
    expect(fromField).toEqual({
      stdout: pretty(await databaseNamed('implicit-field')),
      stderr: '',
      code: 0,
    });
    // databaseNamed's own GETs of the list left out.
    const sent = server.requests.slice(before).filter((line) => !line.startsWith(`GET ${path}`));
    expect(sent).toEqual(['GET /v1/regions 200', `POST ${path} 201`, `POST ${path} 201`]);
  });

  it('POSTs JSON read from @file', async () => {
    const file = join(tempConfigDir(), 'body.json');
    writeFileSync(file, '{ "name": "file-db" }\n');
    const result = await api([
      'POST',
      '/v1/projects/prj_demo_scale/databases',
      '--token',
      TESTER_KEY,
      '-d',
      `@${file}`,
    ]);
    const created = await databaseNamed('file-db');
    expect(created).toBeDefined();
    expect(result).toEqual({ stdout: pretty(created), stderr: '', code: 0 });
  });

  it('POSTs JSON read from stdin with @-', async () => {
    const result = await api(
      ['POST', '/v1/projects/prj_demo_scale/databases', '--token', TESTER_KEY, '-d', '@-'],
      { input: '{"name":"stdin-db"}\n' },
    );
    const created = await databaseNamed('stdin-db');
    expect(created).toBeDefined();
    expect(result).toEqual({ stdout: pretty(created), stderr: '', code: 0 });
  });

  it('--paginate follows every page of the 45 seeded domains into one document', async () => {
    const all = await serverAnswer('/v1/projects/prj_demo_scale/domains?page_size=100');
    expect((all.json as { domains: unknown[] }).domains).toHaveLength(45);
    const before = server.requests.length;
    const result = await api([
      'GET',
      '/v1/projects/prj_demo_scale/domains',
      '--paginate',
      '--json',
      '--token',
      TESTER_KEY,
    ]);
    expect(result).toEqual({ stdout: compact(all.json), stderr: '', code: 0 });
    // One page of the largest size the route allows (100), not three of the default 20.
    expect(server.requests.slice(before)).toEqual(['GET /v1/projects/prj_demo_scale/domains 200']);
  });

  it('-i prints the status line and the response headers before the body', async () => {
    const expected = await serverAnswer('/v1/regions', undefined);
    const result = await api(['GET', '/v1/regions', '-i']);
    // The date and the request id (see X-Request-Id) differ from one answer to the next.
    const headers = (await rawHeaders('/v1/regions'))
      .map(([name, value]) => `${name}: ${VARYING[name.toLowerCase()] ?? value}\n`)
      .join('');
    const stdout = result.stdout
      .replace(/^(date): .*$/im, '$1: DATE')
      .replace(/^(x-request-id): .*$/im, '$1: ID');
    expect({ ...result, stdout }).toEqual({
      stdout: `HTTP/1.1 200 OK\n${headers}\n${pretty(expected.json)}`,
      stderr: '',
      code: 0,
    });
    // As the server wrote it, not as fetch's Headers would list it.
    expect(headers).toContain('Content-Type: application/json\n');
  });

  it('--silent prints no body, and the exit code still tells', async () => {
    expect(await api(['GET', '/v1/regions', '--silent'])).toEqual({
      stdout: '',
      stderr: '',
      code: 0,
    });
    expect(await api(['GET', '/v1/projects/prj_nope', '--silent', '--token', TESTER_KEY])).toEqual({
      stdout: '',
      stderr: 'HTTP 404 not_found: project prj_nope not found\n',
      code: 1,
    });
  });

  it('-H sends a header; an Authorization header serves as the credential', async () => {
    const expected = await serverAnswer('/v1/projects');
    const result = await api(['GET', '/v1/projects', '-H', `Authorization: Bearer ${TESTER_KEY}`]);
    expect(result).toEqual({ stdout: pretty(expected.json), stderr: '', code: 0 });
  });
});

describe('api request: colour and pipes', () => {
  it('colours JSON only when asked: FORCE_COLOR on a pipe, never with --no-color or NO_COLOR', async () => {
    const expected = await serverAnswer('/v1/regions', undefined);
    const forced = await api(['GET', '/v1/regions'], {
      env: { NO_COLOR: undefined, FORCE_COLOR: '1' },
    });
    expect(forced.code).toBe(0);
    expect(forced.stdout).toContain('\u001b[34m"regions"\u001b[39m: [');
    expect(stripAnsi(forced.stdout)).toBe(pretty(expected.json));

    const plain = { stdout: pretty(expected.json), stderr: '', code: 0 };
    expect(
      await api(['GET', '/v1/regions', '--no-color'], {
        env: { NO_COLOR: undefined, FORCE_COLOR: '1' },
      }),
    ).toEqual(plain);
    expect(await api(['GET', '/v1/regions'], { env: { NO_COLOR: '1', FORCE_COLOR: '1' } })).toEqual(
      plain,
    );
    // Not a terminal, and nothing forces colour.
    expect(await api(['GET', '/v1/regions'], { env: { NO_COLOR: undefined } })).toEqual(plain);
  });

  // A process boundary: EPIPE on the process's own stdout, and how the process then exits.
  it('stops quietly when the reader closes the pipe', async () => {
    const path = '/v1/projects/prj_demo_scale/domains';
    const result = await runBin(
      [
        'api',
        'request',
        'GET',
        path,
        '--paginate',
        '--token',
        TESTER_KEY,
        '--base-url',
        server.url,
      ],
      { closeStdout: true },
    );
    expect(result).toEqual({ stdout: '', stderr: '', code: 0 });
  });
});

describe('api request: placeholders and where settings come from', () => {
  it('fills {project_id} from --project and {org_id} from --org', async () => {
    const project = await serverAnswer('/v1/projects/prj_demo_enterprise');
    expect(
      await api([
        'GET',
        '/v1/projects/{project_id}',
        '--project',
        'prj_demo_enterprise',
        '--token',
        TESTER_KEY,
      ]),
    ).toEqual({ stdout: pretty(project.json), stderr: '', code: 0 });

    const projects = await serverAnswer('/v1/projects?organization_id=org_demo');
    expect(
      await api([
        'GET',
        '/v1/projects?organization_id={org_id}',
        '--org',
        'org_demo',
        '--token',
        TESTER_KEY,
      ]),
    ).toEqual({ stdout: pretty(projects.json), stderr: '', code: 0 });
  });

  it('fills {project_id} from the profile', async () => {
    const dir = tempConfigDir();
    const env = { DOMAINCTL_CONFIG_DIR: dir };
    const added = await runCli(
      [
        'profile',
        'add',
        'demo',
        '--base-url',
        server.url,
        '--token',
        TESTER_KEY,
        '--project',
        'prj_demo_free',
      ],
      { env },
    );
    expect(added.code).toBe(0);
    const expected = await serverAnswer('/v1/projects/prj_demo_free');
    expect(await runCli(['api', 'request', 'GET', '/v1/projects/{project_id}'], { env })).toEqual({
      stdout: pretty(expected.json),
      stderr: '',
      code: 0,
    });
  });

  it('refuses a {project_id} placeholder with no project (2, nothing sent)', async () => {
    const result = await sendsNothing(server, () =>
      api(['GET', '/v1/projects/{project_id}', '--token', TESTER_KEY]),
    );
    expect(result).toEqual({
      stdout: '',
      stderr:
        'domainctl: the path has {project_id}: pass --project or set a default project in the profile\n',
      code: 2,
    });
  });

  it('takes each setting from the flag, else the environment, else the profile', async () => {
    const dead = `http://127.0.0.1:${await closedPort()}`;
    const dir = tempConfigDir();
    const base = { DOMAINCTL_CONFIG_DIR: dir };
    const add = (name: string, ...flags: string[]) =>
      runCli(['profile', 'add', name, ...flags], { env: base });
    expect(
      (
        await add(
          'main',
          '--base-url',
          server.url,
          '--token',
          'dk_wrong',
          '--project',
          'prj_demo_free',
        )
      ).code,
    ).toBe(0);
    expect(
      (
        await add(
          'other',
          '--base-url',
          dead,
          '--token',
          TESTER_KEY,
          '--project',
          'prj_demo_enterprise',
        )
      ).code,
    ).toBe(0);

    const show = (args: string[], env: Record<string, string>) =>
      runCli(['api', 'request', 'GET', '/v1/projects/{project_id}', ...args], {
        env: { ...base, ...env },
      });
    const free = pretty((await serverAnswer('/v1/projects/prj_demo_free')).json);
    const enterprise = pretty((await serverAnswer('/v1/projects/prj_demo_enterprise')).json);
    const scale = pretty((await serverAnswer('/v1/projects/prj_demo_scale')).json);
    const unauthorized = await serverAnswer('/v1/projects/prj_demo_free', 'dk_wrong');

    // The profile alone: its token is wrong.
    expect(await show([], {})).toEqual({
      stdout: pretty(unauthorized.json),
      stderr:
        'HTTP 401 unauthorized: unknown API key\n' +
        'The token came from profile "main": check it with domainctl profile show main, and save a new one with domainctl profile set main --token-stdin.\n',
      code: 1,
    });
    // The environment beats the profile; the flag beats the environment.
    expect(await show([], { DOMAINCTL_TOKEN: TESTER_KEY })).toEqual({
      stdout: free,
      stderr: '',
      code: 0,
    });
    expect(
      await show([], { DOMAINCTL_TOKEN: TESTER_KEY, DOMAINCTL_PROJECT: 'prj_demo_enterprise' }),
    ).toEqual({ stdout: enterprise, stderr: '', code: 0 });
    expect(
      await show(['--project', 'prj_demo_scale'], {
        DOMAINCTL_TOKEN: TESTER_KEY,
        DOMAINCTL_PROJECT: 'prj_demo_enterprise',
      }),
    ).toEqual({ stdout: scale, stderr: '', code: 0 });
    // The advice names where the wrong token came from: the flag, not the profile.
    expect(await show(['--token', 'dk_wrong'], { DOMAINCTL_TOKEN: TESTER_KEY })).toEqual({
      stdout: pretty(unauthorized.json),
      stderr:
        'HTTP 401 unauthorized: unknown API key\n' +
        'The token came from the --token flag (it wins over DOMAINCTL_TOKEN and the profile): check it.\n',
      code: 1,
    });
    // DOMAINCTL_PROFILE picks another profile, whose base URL is dead; the env and flag base URLs win over it.
    expect(await show([], { DOMAINCTL_PROFILE: 'other', DOMAINCTL_BASE_URL: server.url })).toEqual({
      stdout: enterprise,
      stderr: '',
      code: 0,
    });
    expect(
      await show(['--base-url', server.url], {
        DOMAINCTL_PROFILE: 'other',
        DOMAINCTL_BASE_URL: dead,
      }),
    ).toEqual({ stdout: enterprise, stderr: '', code: 0 });
    // --profile beats DOMAINCTL_PROFILE.
    expect(
      await show(['--profile', 'other', '--base-url', server.url], { DOMAINCTL_PROFILE: 'main' }),
    ).toEqual({ stdout: enterprise, stderr: '', code: 0 });
  });
});

describe('api request: --debug', () => {
  it('traces the route, its parameters and the exchange on stderr, never the token', async () => {
    const path = '/v1/projects/prj_demo_scale/domains?page_size=2';
    const expected = await serverAnswer(path);
    const dir = tempConfigDir();
    const result = await runCli(
      ['api', 'request', 'GET', '/v1/projects/{project_id}/domains?page_size=2', '--debug'],
      {
        env: {
          DOMAINCTL_CONFIG_DIR: dir,
          DOMAINCTL_BASE_URL: server.url,
          DOMAINCTL_TOKEN: TESTER_KEY,
          DOMAINCTL_PROJECT: 'prj_demo_scale',
        },
      },
    );
    const responseHeaders = [...expected.headers]
      .map(([name, value]) => `< ${name}: ${VARYING[name] ?? value}\n`)
      .join('');
    const stderr = result.stderr
      .replace(/\(\d+ ms\)/, '(N ms)')
      .replace(/^< date: .*$/m, '< date: DATE')
      .replace(/^< x-request-id: .*$/m, '< x-request-id: ID');
    expect({ ...result, stderr }).toEqual({
      stdout: pretty(expected.json),
      stderr:
        `* config: ${join(dir, 'config.json')}\n` +
        `* base URL: ${server.url} (environment)\n` +
        '* token: ****ster (environment)\n' +
        '* project: prj_demo_scale (environment)\n' +
        '* route: GET /v1/projects/{project_id}/domains (listDomains, bearer)\n' +
        '* param project_id = prj_demo_scale\n' +
        `> GET ${server.url}${path}\n` +
        '> accept: application/json\n' +
        '> authorization: Bearer ****ster\n' +
        '> user-agent: domainctl/0.1.0\n' +
        '< 200 OK (N ms)\n' +
        responseHeaders +
        '<\n' +
        `< ${JSON.stringify(expected.json)}\n`,
      code: 0,
    });
    expect(result.stdout + result.stderr).not.toContain(TESTER_KEY);
  });

  it('sends no credentials to a public route, even when a token is set', async () => {
    const result = await api(['GET', '/v1/regions', '--token', TESTER_KEY, '--debug']);
    expect(result.code).toBe(0);
    expect(result.stderr).toContain('* route: GET /v1/regions (listRegions, public)\n');
    expect(result.stderr).not.toContain('authorization');
  });

  it('warns about a path parameter that breaks its prefix, even without --debug', async () => {
    const expected = await serverAnswer('/v1/projects/demo_scale');
    expect(await api(['GET', '/v1/projects/demo_scale', '--token', TESTER_KEY])).toEqual({
      stdout: pretty(expected.json),
      stderr:
        'domainctl: warning: project_id "demo_scale" does not start with prj_\n' +
        'HTTP 400 invalid_request: project_id must match ^prj_[a-zA-Z0-9_.-]+$\n',
      code: 1,
    });
  });
});

describe('api request: --debug and credentials in headers', () => {
  it('masks every header whose name says it may carry a credential, both ways', async () => {
    const raw = await startRawServer((_req, res) => {
      res.writeHead(200, {
        'content-type': 'application/json',
        'set-cookie': 'session=s3cr3t-cookie-value; Path=/; HttpOnly',
        'x-session-id': 'sess-0123456789',
        'x-request-id': 'req-42',
      });
      res.end('{}');
    });
    try {
      const secrets = {
        'X-Auth-Token': 'xat-secret-1234',
        'Private-Token': 'glpat-secret-5678',
        'X-Api-Key': 'key-secret-abcd',
        'X-Client-Secret': 'cs-secret-efgh',
        Cookie: 'sid=cookie-secret-ijkl',
        'X-Password': 'hunter2-secret-mnop',
      };
      const result = await runCli([
        'api',
        'request',
        'GET',
        '/anything',
        '--debug',
        '--base-url',
        raw.url,
        ...Object.entries(secrets).flatMap(([name, value]) => ['-H', `${name}: ${value}`]),
      ]);
      expect(result.code).toBe(0);
      // Sent as given…
      expect(raw.requests[0]?.headers['x-auth-token']).toBe('xat-secret-1234');
      // …traced masked to the last four characters.
      for (const [name, value] of Object.entries(secrets)) {
        expect(result.stderr).toContain(`> ${name.toLowerCase()}: ****${value.slice(-4)}\n`);
        expect(result.stderr).not.toContain(value);
      }
      expect(result.stderr).toContain('< set-cookie: ****Only\n');
      expect(result.stderr).toContain('< x-session-id: ****6789\n');
      expect(result.stderr).not.toContain('s3cr3t');
      // A header that carries none is traced whole.
      expect(result.stderr).toContain('< x-request-id: req-42\n');
    } finally {
      await raw.close();
    }
  });
});

describe("api request: gh's habits (--debug sources and bodies, -i, --paginate)", () => {
  it('--debug names -H as the source of the token it sends, not the profile or environment', async () => {
    const result = await runCli(
      [
        'api',
        'request',
        'GET',
        '/v1/projects',
        '--debug',
        '-H',
        `Authorization: Bearer ${TESTER_KEY}`,
      ],
      {
        env: {
          DOMAINCTL_CONFIG_DIR: tempConfigDir(),
          DOMAINCTL_BASE_URL: server.url,
          DOMAINCTL_TOKEN: 'dk_from_the_environment_9999',
        },
      },
    );
    expect(result.code).toBe(0);
    const traced = result.stderr
      .split('\n')
      .filter((line) => /^(\* token|[<>] authorization):/.test(line));
    expect(traced).toEqual([
      '* token: Bearer ****ster (-H Authorization)',
      '> authorization: Bearer ****ster',
    ]);
    expect(result.stderr).not.toContain(TESTER_KEY);
  });

  it('--debug shows the request and response bodies, credentials masked', async () => {
    const token = 'dk_body_secret_7777';
    const raw = await startRawServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ id: 'k1', api_key: 'ak-answer-secret-4242', echo: token }));
    });
    try {
      const result = await runCli([
        'api',
        'request',
        'POST',
        '/anything',
        '--debug',
        '--base-url',
        raw.url,
        '--token',
        token,
        '-d',
        '{"name":"main","password":"hunter2-body-0000"}',
      ]);
      expect(result.code).toBe(0);
      const stderr = result.stderr.replace(/\(\d+ ms\)/, '(N ms)');
      expect(stderr).toContain(
        '> content-type: application/json\n' +
          '> user-agent: domainctl/0.1.0\n' +
          '>\n' +
          '> {"name":"main","password":"****0000"}\n',
      );
      expect(stderr).toMatch(
        /\n<\n< \{"id":"k1","api_key":"\*\*\*\*4242","echo":"\*\*\*\*7777"\}\n$/,
      );
      for (const secret of [token, 'hunter2-body-0000', 'ak-answer-secret-4242']) {
        expect(result.stderr).not.toContain(secret);
      }
      // stdout has the answer as it came.
      expect(result.stdout).toContain('ak-answer-secret-4242');
    } finally {
      await raw.close();
    }
  });

  it('-i prints the headers as received: their case, their order, a repeated one on each line', async () => {
    const raw = await startRawServer((req) => {
      req.socket.write(
        'HTTP/1.1 200 OK\r\nX-Zeta: last-by-name\r\nContent-Type: application/json\r\n' +
          'Set-Cookie: a=1\r\nset-cookie: b=2\r\nContent-Length: 2\r\n\r\n{}',
      );
    });
    try {
      const result = await runCli([
        'api',
        'request',
        'GET',
        '/anything',
        '-i',
        '--base-url',
        raw.url,
      ]);
      expect(result).toEqual({
        stdout:
          'HTTP/1.1 200 OK\n' +
          'X-Zeta: last-by-name\n' +
          'Content-Type: application/json\n' +
          'Set-Cookie: a=1\n' +
          'set-cookie: b=2\n' +
          'Content-Length: 2\n' +
          '\n' +
          '{}\n',
        stderr: '',
        code: 0,
      });
    } finally {
      await raw.close();
    }
  });

  it('--paginate asks for the largest page the route allows, unless the path sets a size', async () => {
    const raw = await startRawServer((req, res) => {
      const last = (req.url ?? '').includes('page_token=t2');
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ domains: [{ id: req.url }], next_page_token: last ? '' : 't2' }));
    });
    try {
      const path = '/v1/projects/prj_x/domains';
      const args = ['--paginate', '--json', '--token', TESTER_KEY, '--base-url', raw.url];
      expect((await runCli(['api', 'request', 'GET', path, ...args])).code).toBe(0);
      expect((await runCli(['api', 'request', 'GET', `${path}?page_size=7`, ...args])).code).toBe(
        0,
      );
      expect(raw.requests.map((request) => request.url)).toEqual([
        `${path}?page_size=100`,
        `${path}?page_size=100&page_token=t2`,
        `${path}?page_size=7`,
        `${path}?page_size=7&page_token=t2`,
      ]);
    } finally {
      await raw.close();
    }
  });
});

describe('api request: exit codes', () => {
  it('refuses invalid JSON before sending anything (2)', async () => {
    let reason = '';
    try {
      JSON.parse('{"name":');
    } catch (error) {
      reason = (error as Error).message;
    }
    const result = await sendsNothing(server, () =>
      api([
        'POST',
        '/v1/projects/prj_demo_scale/databases',
        '--token',
        TESTER_KEY,
        '-d',
        '{"name":',
      ]),
    );
    expect(result).toEqual({
      stdout: '',
      stderr: `domainctl: the body is not valid JSON: ${reason}\n`,
      code: 2,
    });
  });

  it('refuses an unknown method (2)', async () => {
    const result = await sendsNothing(server, () => api(['FETCH', '/v1/regions']));
    expect(result).toEqual({
      stdout: '',
      stderr: 'domainctl: method must be one of GET, POST, PATCH, PUT, DELETE, got "FETCH"\n',
      code: 2,
    });
  });

  it('refuses a method after the path, naming it and the order that works (2)', async () => {
    const result = await sendsNothing(server, () => api(['/v1/regions', 'get']));
    expect(result).toEqual({
      stdout: '',
      stderr:
        'domainctl: the method GET goes before the path: domainctl api request GET /v1/regions\n',
      code: 2,
    });
    const suggested = await api(['GET', '/v1/regions']);
    expect(suggested.code).toBe(0);
  });

  it('refuses a missing path (2)', async () => {
    const result = await sendsNothing(server, () =>
      runCli(['api', 'request', 'GET', '--base-url', server.url]),
    );
    expect(result).toEqual({
      stdout: '',
      stderr: "domainctl: missing required argument 'path'\n(run with --help for usage)\n",
      code: 2,
    });
  });

  it('refuses a path without a leading slash, and a body file that is missing (2)', async () => {
    expect(await sendsNothing(server, () => api(['GET', 'v1/regions']))).toEqual({
      stdout: '',
      stderr: 'domainctl: path must start with / (e.g. /v1/regions), got "v1/regions"\n',
      code: 2,
    });
    const missing = join(tempConfigDir(), 'missing.json');
    expect(
      await sendsNothing(server, () =>
        api(['POST', '/v1/projects', '--token', TESTER_KEY, '-d', `@${missing}`]),
      ),
    ).toEqual({
      stdout: '',
      stderr: `domainctl: cannot read the body file ${missing}: no such file\n`,
      code: 2,
    });
  });

  it('refuses an absolute URL on another origin, so credentials never leave (2)', async () => {
    const result = await sendsNothing(server, () =>
      api(['GET', 'http://api.example.com/v1/projects', '--token', TESTER_KEY]),
    );
    expect(result).toEqual({
      stdout: '',
      stderr: `domainctl: http://api.example.com is not the API this profile talks to (${server.url}): credentials are only sent there\n`,
      code: 2,
    });
  });

  it('refuses a bad header, a bad --timeout and --paginate on a POST (2)', async () => {
    expect(await sendsNothing(server, () => api(['GET', '/v1/regions', '-H', 'no colon']))).toEqual(
      {
        stdout: '',
        stderr: `domainctl: header "no colon" is not of the form 'Name: value'\n`,
        code: 2,
      },
    );
    expect(await api(['GET', '/v1/regions', '--timeout', '0'])).toEqual({
      stdout: '',
      stderr:
        "domainctl: option '--timeout <seconds>' argument '0' is invalid. expected a number of seconds greater than 0\n(run with --help for usage)\n",
      code: 2,
    });
    expect(
      await sendsNothing(server, () =>
        api(['POST', '/v1/projects', '--paginate', '--token', TESTER_KEY, '-d', '{}']),
      ),
    ).toEqual({
      stdout: '',
      stderr:
        'domainctl: --paginate works only with GET on a list route (projects, databases, domains)\n',
      code: 2,
    });
  });

  it('refuses a route that needs credentials when there are none (4, nothing sent)', async () => {
    const result = await sendsNothing(server, () => api(['GET', '/v1/projects']));
    expect(result).toEqual({
      stdout: '',
      stderr:
        'domainctl: GET /v1/projects needs credentials and none were given\n' +
        'Pass --token, set DOMAINCTL_TOKEN, or add a profile with domainctl profile add NAME --base-url URL --token-stdin.\n',
      code: 4,
    });
  });

  it('prints the error body and a summary line on a 404 (1)', async () => {
    const expected = await serverAnswer('/v1/projects/prj_nope');
    expect(expected.status).toBe(404);
    expect(await api(['GET', '/v1/projects/prj_nope', '--token', TESTER_KEY])).toEqual({
      stdout: pretty(expected.json),
      stderr: 'HTTP 404 not_found: project prj_nope not found\n',
      code: 1,
    });
  });

  it('prints the error body and a summary line on a 402 (1)', async () => {
    const result = await api([
      'POST',
      '/v1/projects/prj_demo_free/domains',
      '--token',
      TESTER_KEY,
      '-d',
      '{"domain":"paid.example.com"}',
    ]);
    const message =
      'custom domains need the Scale or Enterprise plan; project prj_demo_free is on the Free plan';
    expect(result).toEqual({
      stdout: pretty({ error: { code: 'plan_upgrade_required', message } }),
      stderr: `HTTP 402 plan_upgrade_required: ${message}\n`,
      code: 1,
    });
  });

  // The two that wait (retries after a refused connection, a server that never answers) on
  // servers of their own: together.
  it.concurrent('fails with 3 when the connection is refused', async ({ expect }) => {
    const url = `http://127.0.0.1:${await closedPort()}`;
    const result = await runCli(['api', 'request', 'GET', '/v1/regions', '--base-url', url]);
    expect(result).toEqual({
      stdout: '',
      stderr: `domainctl: cannot reach ${url}: connection refused\n`,
      code: 3,
    });
  });

  it.concurrent(
    'fails with 3 when the server never answers within --timeout',
    async ({ expect }) => {
      const silent = await startSilentServer();
      try {
        const started = Date.now();
        const result = await runCli(
          ['api', 'request', 'GET', '/v1/regions', '--timeout', '1', '--base-url', silent.url],
          { timeoutMs: 10_000 },
        );
        expect(Date.now() - started).toBeLessThan(10_000);
        expect(result).toEqual({
          stdout: '',
          stderr: `domainctl: no complete answer from ${silent.url}/v1/regions within 1 s\n`,
          code: 3,
        });
      } finally {
        await silent.close();
      }
    },
  );
});

describe('api request: against a scripted server', () => {
  const unavailable = { error: { code: 'unavailable', message: 'try again' } };

  /** 503 with Retry-After: 0 on the first request, 200 after. */
  function flaky() {
    return startRawServer((_req, res, index) => {
      if (index === 0) {
        res.writeHead(503, { 'content-type': 'application/json', 'retry-after': '0' });
        res.end(JSON.stringify(unavailable));
      } else {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end('{"ok":true}');
      }
    });
  }

  it('retries a GET after a 503 with Retry-After: 0', async () => {
    const raw = await flaky();
    try {
      const result = await runCli(['api', 'request', 'GET', '/v1/regions', '--base-url', raw.url]);
      expect(result).toEqual({ stdout: pretty({ ok: true }), stderr: '', code: 0 });
      expect(raw.requests.map((r) => `${r.method} ${r.url}`)).toEqual([
        'GET /v1/regions',
        'GET /v1/regions',
      ]);
    } finally {
      await raw.close();
    }
  });

  it('never retries a POST', async () => {
    const raw = await flaky();
    try {
      const result = await runCli([
        'api',
        'request',
        'POST',
        '/v1/projects',
        '-d',
        '{"name":"x","organization_id":"org_demo"}',
        '--token',
        TESTER_KEY,
        '--base-url',
        raw.url,
      ]);
      expect(result).toEqual({
        stdout: pretty(unavailable),
        stderr: 'HTTP 503 unavailable: try again\n',
        code: 1,
      });
      expect(raw.requests.map((r) => `${r.method} ${r.url}`)).toEqual(['POST /v1/projects']);
    } finally {
      await raw.close();
    }
  });

  it('sends -H headers; prints a text body as text and an empty body as nothing', async () => {
    const raw = await startRawServer((req, res) => {
      if (req.url === '/text') {
        res.writeHead(200, { 'content-type': 'text/plain' });
        res.end('plain words');
      } else {
        res.writeHead(204);
        res.end();
      }
    });
    try {
      expect(
        await runCli([
          'api',
          'request',
          'GET',
          '/text',
          '-H',
          'X-Trace: abc 123',
          '--header',
          'Accept-Language: en',
          '--base-url',
          raw.url,
        ]),
      ).toEqual({ stdout: 'plain words\n', stderr: '', code: 0 });
      expect(raw.requests[0]?.headers['x-trace']).toBe('abc 123');
      expect(raw.requests[0]?.headers['accept-language']).toBe('en');
      expect(raw.requests[0]?.headers['user-agent']).toBe('domainctl/0.1.0');
      // An unknown route needs no credentials, and none were given: none are sent.
      expect(raw.requests[0]?.headers.authorization).toBeUndefined();

      expect(await runCli(['api', 'request', 'DELETE', '/empty', '--base-url', raw.url])).toEqual({
        stdout: '',
        stderr: '',
        code: 0,
      });
    } finally {
      await raw.close();
    }
  });
});

describe('api request: who may see what', () => {
  it('answers 403 for a caller without the feature flag (1)', async () => {
    const expected = await serverAnswer('/v1/projects/prj_demo_scale/domains', OUTSIDER_KEY);
    const error = (expected.json as { error: { message: string } }).error;
    expect(
      await api(['GET', '/v1/projects/prj_demo_scale/domains', '--token', OUTSIDER_KEY]),
    ).toEqual({
      stdout: pretty(expected.json),
      stderr: `HTTP 403 feature_not_enabled: ${error.message}\n`,
      code: 1,
    });
  });
});

describe('api request: the connection', () => {
  // The bin, since the poison goes in through NODE_OPTIONS, before anything of ours loads.
  it('never calls the global fetch, whose first request costs 100 ms or more of start-up', async () => {
    const expected = await serverAnswer('/v1/regions', undefined);
    const poison = "globalThis.fetch = () => { throw new Error('the global fetch was called'); };";
    const result = await runBin(
      ['api', 'request', 'GET', '/v1/regions', '--base-url', server.url],
      {
        env: { NODE_OPTIONS: `--import=data:text/javascript,${encodeURIComponent(poison)}` },
      },
    );
    expect(result).toEqual({ stdout: pretty(expected.json), stderr: '', code: 0 });
  });

  it('exits once done, though the server would keep the connection open for a minute', async () => {
    const httpServer = createServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end('{"ok":true}');
    });
    httpServer.keepAliveTimeout = 60_000;
    const raw = await listen(httpServer);
    try {
      // A kept-alive socket that held the event loop would keep the bin alive until the client
      // drops it after 5 s idle; an idle socket that does not hold it lets the bin exit at once.
      // The bin: how soon the process exits is the point.
      const result = await runBin(['api', 'request', 'GET', '/v1/regions', '--base-url', raw.url], {
        timeoutMs: 4_000,
      });
      expect(result).toEqual({ stdout: pretty({ ok: true }), stderr: '', code: 0 });
    } finally {
      await raw.close();
    }
  });
});

// Each test spawns a bin of its own and only reads: they run together.
describe.concurrent('api request: HTTPS', { tags: ['openssl'] }, () => {
  let regions: string;
  let caBundle: string;
  let loopback: Listening;
  let otherHost: Listening;
  beforeAll(async () => {
    regions = JSON.stringify((await serverAnswer('/v1/regions', undefined)).json);
    const dir = tempConfigDir();
    const serveRegions = (cert: { cert: string; key: string }) =>
      listen(
        createHttpsServer(cert, (_req, res) => {
          res.writeHead(200, { 'content-type': 'application/json' });
          res.end(regions);
        }),
      );
    const forLoopback = selfSignedCert(dir, 'loopback', 'IP:127.0.0.1');
    const forOther = selfSignedCert(dir, 'other', 'DNS:other.example');
    loopback = await serveRegions(forLoopback);
    otherHost = await serveRegions(forOther);
    caBundle = join(dir, 'ca-bundle.crt');
    writeFileSync(caBundle, forLoopback.cert + forOther.cert);
  });
  afterAll(async () => {
    await loopback.close();
    await otherHost.close();
  });

  // The bin: NODE_EXTRA_CA_CERTS is read by Node as the process starts.
  const request = (url: string, env: Record<string, string> = {}) =>
    runBin(['api', 'request', 'GET', '/v1/regions', '--base-url', url], { env });

  it('trusts a certificate that NODE_EXTRA_CA_CERTS names', async ({ expect }) => {
    expect(await request(loopback.url, { NODE_EXTRA_CA_CERTS: caBundle })).toEqual({
      stdout: pretty(JSON.parse(regions)),
      stderr: '',
      code: 0,
    });
  });

  it('refuses it when nothing trusts it (3)', async ({ expect }) => {
    expect(await request(loopback.url)).toEqual({
      stdout: '',
      stderr: `domainctl: cannot reach ${loopback.url}: the TLS certificate is self-signed\n`,
      code: 3,
    });
  });

  it('refuses a trusted certificate made out to another host (3)', async ({ expect }) => {
    expect(await request(otherHost.url, { NODE_EXTRA_CA_CERTS: caBundle })).toEqual({
      stdout: '',
      stderr: `domainctl: cannot reach ${otherHost.url}: the TLS certificate is for another host\n`,
      code: 3,
    });
  });
});
