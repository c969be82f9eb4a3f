import { existsSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect } from 'vitest';
import { closedPort, startRawServer } from '../helpers/raw-server.js';
import { runCli, tempConfigDir } from '../helpers/cli.js';
import { profileHome } from '../helpers/command-runs.js';
import { it, seededServerForFile } from '../helpers/fixtures.js';

const server = seededServerForFile();

/** A config folder with profile "local" (the seeded server, its tester key, prj_demo_scale). */
async function configHome() {
  const home = await profileHome(server);
  const historyFile = (profile = 'local') => join(home.dir, 'data', 'history', `${profile}.jsonl`);
  return { ...home, historyFile };
}

interface Listed {
  time: string;
  method: string;
  path: string;
  status: number | null;
  ms: number | null;
  error: string | null;
  command: string;
}

describe('api history', () => {
  it('lists every request api request sent, newest first, as a table and as JSON', async () => {
    const { run, historyFile } = await configHome();
    expect((await run(['api', 'request', 'GET', '/v1/regions'])).code).toBe(0);
    const created = await run([
      'api',
      'request',
      'POST',
      '/v1/projects/{project_id}/databases',
      '-d',
      '{"name":"history-db"}',
      '--jq',
      '.name',
    ]);
    expect(created).toEqual({ stdout: 'history-db\n', stderr: '', code: 0 });
    expect((await run(['api', 'request', 'GET', '/v1/projects/prj_nope'])).code).toBe(1);

    const listed = await run(['api', 'history', '--json']);
    expect({ stderr: listed.stderr, code: listed.code }).toEqual({ stderr: '', code: 0 });
    const rows = JSON.parse(listed.stdout) as Listed[];
    expect(rows.map(({ time: _t, ms: _m, ...rest }) => rest)).toEqual([
      {
        profile: 'local',
        base_url: server.url,
        method: 'GET',
        path: '/v1/projects/prj_nope',
        headers: [],
        body: null,
        fields: [],
        paginate: false,
        jq: null,
        jq_args: [],
        status: 404,
        error: null,
        command: 'domainctl api request GET /v1/projects/prj_nope --profile local',
      },
      {
        profile: 'local',
        base_url: server.url,
        method: 'POST',
        path: '/v1/projects/{project_id}/databases',
        headers: [],
        body: '{"name":"history-db"}',
        fields: [],
        paginate: false,
        jq: '.name',
        jq_args: [],
        status: 201,
        error: null,
        command: `domainctl api request POST '/v1/projects/{project_id}/databases' -d '{"name":"history-db"}' --jq .name --profile local`,
      },
      {
        profile: 'local',
        base_url: server.url,
        method: 'GET',
        path: '/v1/regions',
        headers: [],
        body: null,
        fields: [],
        paginate: false,
        jq: null,
        jq_args: [],
        status: 200,
        error: null,
        command: 'domainctl api request GET /v1/regions --profile local',
      },
    ]);
    for (const row of rows) {
      expect(row.time).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
      expect(row.ms).toBeGreaterThanOrEqual(0);
    }

    // The table: the same requests, with the times and durations the JSON gave.
    const time = (i: number) => (rows[i] as Listed).time.slice(0, 19).replace('T', ' ');
    const ms = rows.map((row) => String(row.ms));
    const msWidth = Math.max(2, ...ms.map((m) => m.length));
    const msCell = (i: number) => (ms[i] as string).padStart(msWidth);
    expect(await run(['api', 'history'])).toEqual({
      stdout:
        `TIME (UTC)           METHOD  PATH                                 STATUS  ${'MS'.padStart(msWidth)}\n` +
        `${time(0)}  GET     /v1/projects/prj_nope                   404  ${msCell(0)}\n` +
        `${time(1)}  POST    /v1/projects/{project_id}/databases     201  ${msCell(1)}\n` +
        `${time(2)}  GET     /v1/regions                             200  ${msCell(2)}\n`,
      stderr: '',
      code: 0,
    });
    expect(await run(['api', 'history', '--limit', '1', '--json', '--jq', '.[].command'])).toEqual({
      stdout: 'domainctl api request GET /v1/projects/prj_nope --profile local\n',
      stderr: '',
      code: 0,
    });
    expect(statSync(historyFile()).mode & 0o777).toBe(0o600);
  });

  it('leaves out what was never sent, records a network error, keeps a run without a profile apart', async () => {
    const { run, historyFile } = await configHome();
    // Refused before sending (exit 2): not in the history.
    expect((await run(['api', 'request', 'POST', '/v1/x', '-d', '{bad'])).code).toBe(2);
    expect((await run(['api', 'request', 'GET', 'v1/regions'])).code).toBe(2);
    expect(existsSync(historyFile())).toBe(false);
    expect(await run(['api', 'history'])).toEqual({
      stdout: '',
      stderr: 'No requests sent with profile "local" yet.\n',
      code: 0,
    });

    const port = await closedPort();
    const failed = await run([
      'api',
      'request',
      'GET',
      '/v1/regions',
      '--base-url',
      `http://127.0.0.1:${port}`,
    ]);
    expect(failed.code).toBe(3);
    // Sent with the profile in use, though --base-url points elsewhere: its history has it.
    const local = JSON.parse((await run(['api', 'history', '--json'])).stdout) as Listed[];
    expect(local.map(({ path, status, error }) => ({ path, status, error }))).toEqual([
      {
        path: '/v1/regions',
        status: null,
        error: `cannot reach http://127.0.0.1:${port}: connection refused`,
      },
    ]);

    // With no profile at all (flags only), requests go to a history of their own.
    const dir2 = tempConfigDir();
    const bare = (args: string[]) => runCli(args, { env: { DOMAINCTL_CONFIG_DIR: dir2 } });
    expect(
      (await bare(['api', 'request', 'GET', '/v1/regions', '--base-url', server.url])).code,
    ).toBe(0);
    const none = JSON.parse((await bare(['api', 'history', '--json'])).stdout) as Listed[];
    expect(none.map(({ path, status }) => ({ path, status }))).toEqual([
      { path: '/v1/regions', status: 200 },
    ]);
    expect(existsSync(join(dir2, 'data', 'history', '_default.jsonl'))).toBe(true);
    expect(await bare(['api', 'history', '--limit', '0'])).toEqual({
      stdout: '',
      stderr:
        "domainctl: option '--limit <n>' argument '0' is invalid. expected a whole number from 1 to 500\n(run with --help for usage)\n",
      code: 2,
    });

    expect(await run(['api', 'history', '--clear'])).toEqual({
      stdout: 'Cleared the history of the requests sent with profile "local".\n',
      stderr: '',
      code: 0,
    });
    expect(await run(['api', 'history', '--json'])).toEqual({
      stdout: '[]\n',
      stderr: '',
      code: 0,
    });
    expect(readFileSync(historyFile(), 'utf8')).toBe('');
  });

  it("a masked header is in the history's headers but not in the command that sends it again", async () => {
    const { run } = await configHome();
    const sent = await run([
      'api',
      'request',
      'GET',
      '/v1/regions',
      '-H',
      'X-Api-Key: sk_live_0123456789',
      '-H',
      'X-Trace: 1',
      '--json',
    ]);
    expect(sent.code).toBe(0);
    const [entry] = JSON.parse((await run(['api', 'history', '--json'])).stdout);
    expect(entry.headers).toEqual(['X-Api-Key: ****6789', 'X-Trace: 1']);
    expect(entry.command).toBe(
      "domainctl api request GET /v1/regions -H 'X-Trace: 1' --profile local",
    );
  });

  it("a body's credential is masked in the history, and its command line, run again, is refused rather than sent with the mask (2)", async () => {
    const { run } = await configHome();
    const body = '{"name":"masked-db","client_secret":"s3cr3t-abcdef"}';
    const path = '/v1/projects/{project_id}/databases';
    expect((await run(['api', 'request', 'POST', path, '-d', body, '--jq', '.name'])).code).toBe(0);
    const [entry] = JSON.parse((await run(['api', 'history', '--json'])).stdout);
    const masked = '{"name":"masked-db","client_secret":"****cdef"}';
    expect(entry.command).toBe(
      `domainctl api request POST '${path}' -d '${masked}' --jq .name --profile local`,
    );
    const before = server.requests.length;
    expect(await run(['api', 'request', 'POST', path, '-d', masked, '--jq', '.name'])).toEqual({
      stdout: '',
      stderr:
        'domainctl: the body\'s "client_secret" is a masked value (****…), as the history keeps credentials: it would be sent as the mask; put the value itself\n',
      code: 2,
    });
    expect(server.requests.length).toBe(before);
  });

  it('DOMAINCTL_HISTORY=off keeps a run out of it', async () => {
    const { run, historyFile } = await configHome();
    const result = await run(['api', 'request', 'GET', '/v1/regions', '--json'], {
      env: { DOMAINCTL_HISTORY: 'off' },
    });
    expect(result.code).toBe(0);
    expect(existsSync(historyFile())).toBe(false);
  });

  it('a history that cannot be written costs a warning, never the exit code or the output', async () => {
    const { dir, run } = await configHome();
    // The data folder is a file: nothing can be created under it.
    const blocked = join(dir, 'blocked');
    writeFileSync(blocked, '');
    const expected = await run(['api', 'request', 'GET', '/v1/regions'], {
      env: { DOMAINCTL_HISTORY: 'off' },
    });
    const result = await run(['api', 'request', 'GET', '/v1/regions'], {
      env: { DOMAINCTL_DATA_DIR: blocked },
    });
    expect(result).toEqual({
      stdout: expected.stdout,
      stderr: `domainctl: warning: the request was not added to the history: ENOTDIR: not a directory, mkdir '${join(blocked, 'history')}'\n`,
      code: 0,
    });
  });

  it('keeps a bounded line of a 20 MB body the API refused, and lists it after', async () => {
    const refusing = await startRawServer((_req, res) => {
      res.writeHead(413, { 'content-type': 'application/json' });
      res.end('{"error":{"code":"payload_too_large","message":"the body is over 64 KiB"}}');
    });
    try {
      const dir = tempConfigDir();
      const env = { DOMAINCTL_CONFIG_DIR: dir };
      const body = `{"name":"${'x'.repeat(20 * 1024 * 1024)}"}`;
      const sent = await runCli(
        [
          'api',
          'request',
          'POST',
          '/v1/projects',
          '-d',
          '@-',
          '--base-url',
          refusing.url,
          '--token',
          'dk_x',
        ],
        { env, input: body, timeoutMs: 60_000 },
      );
      expect(sent).toEqual({
        stdout:
          '{\n  "error": {\n    "code": "payload_too_large",\n    "message": "the body is over 64 KiB"\n  }\n}\n',
        stderr: 'HTTP 413 payload_too_large: the body is over 64 KiB\n',
        code: 1,
      });
      const file = join(dir, 'data', 'history', '_default.jsonl');
      const text = readFileSync(file, 'utf8');
      expect(Buffer.byteLength(text)).toBeLessThanOrEqual(64 * 1024);
      const line = JSON.parse(text) as { body: string; status: number };
      expect(line.status).toBe(413);
      expect(line.body).toBe(
        `{"name":"${'x'.repeat(8 * 1024 - 9)}…[cut: ${body.length} characters in all]`,
      );
      const listed = await runCli(['api', 'history', '--json', '--jq', '.[0].status'], { env });
      expect(listed).toEqual({ stdout: '413\n', stderr: '', code: 0 });
    } finally {
      await refusing.close();
    }
  });
});

describe('api history --help', () => {
  it('names the folder the history of this environment is in, in lines as wide as the rest', async () => {
    const config = tempConfigDir();
    const moved = await runCli(['api', 'history', '--help'], {
      env: { DOMAINCTL_CONFIG_DIR: config },
    });
    expect(moved.code).toBe(0);
    expect(moved.stdout).toContain(`data folder, here:\n  ${join(config, 'data', 'history')}\n`);
    const data = tempConfigDir();
    const named = await runCli(['api', 'history', '--help'], {
      env: { DOMAINCTL_CONFIG_DIR: config, DOMAINCTL_DATA_DIR: data },
    });
    expect(named.stdout).toContain(`data folder, here:\n  ${join(data, 'history')}\n`);
    // The other commands' help wraps before 100 columns; the folder's own line aside.
    const width = (text: string) =>
      Math.max(
        ...text
          .split('\n')
          .filter((line) => !line.includes(config))
          .map((l) => l.length),
      );
    expect(width(moved.stdout)).toBeLessThanOrEqual(100);
  });
});
