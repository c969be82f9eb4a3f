import { spawnSync } from 'node:child_process';
import {
  existsSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
  appendFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { dataDir } from '../../src/config/data-dir.js';
import {
  HISTORY_BODY_LIMIT,
  HISTORY_LIMIT,
  HISTORY_LINE_LIMIT,
  RequestHistory,
} from '../../src/config/request-history.js';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});
function env(): NodeJS.ProcessEnv {
  const dir = mkdtempSync(join(tmpdir(), 'domainctl-history-'));
  dirs.push(dir);
  return { DOMAINCTL_DATA_DIR: dir };
}

describe('dataDir', () => {
  it('is DOMAINCTL_DATA_DIR, else a folder of DOMAINCTL_CONFIG_DIR, else XDG_DATA_HOME', () => {
    expect(dataDir({ DOMAINCTL_DATA_DIR: '/d', DOMAINCTL_CONFIG_DIR: '/c' })).toBe('/d');
    expect(dataDir({ DOMAINCTL_CONFIG_DIR: '/c' })).toBe(join('/c', 'data'));
    const platform = dataDir({ XDG_DATA_HOME: '/x' });
    expect(platform).toBe(process.platform === 'linux' ? join('/x', 'domainctl') : dataDir({}));
  });
});

describe('RequestHistory', () => {
  it('keeps each profile apart, newest first, in a private file', () => {
    const e = env();
    const local = RequestHistory.open({ profile: 'local', env: e });
    local.record({
      time: '2025-01-01T00:00:00.000Z',
      profile: 'local',
      baseUrl: 'http://127.0.0.1:7878',
      spec: { method: 'GET', path: '/v1/regions' },
      status: 200,
      ms: 12.4,
    });
    local.record({
      time: '2025-01-01T00:00:01.000Z',
      profile: 'local',
      spec: { method: 'POST', path: '/v1/projects/{project_id}/databases', body: '{"name":"x"}' },
      error: 'connection refused',
    });
    RequestHistory.open({ env: e }).record({ spec: { method: 'GET', path: '/v1/projects' } });

    expect(local.path).toBe(join(e.DOMAINCTL_DATA_DIR as string, 'history', 'local.jsonl'));
    expect(statSync(local.path).mode & 0o777).toBe(0o600);
    expect(statSync(join(local.path, '..')).mode & 0o777).toBe(0o700);
    expect(local.list()).toEqual([
      {
        time: '2025-01-01T00:00:01.000Z',
        profile: 'local',
        spec: { method: 'POST', path: '/v1/projects/{project_id}/databases', body: '{"name":"x"}' },
        error: 'connection refused',
      },
      {
        time: '2025-01-01T00:00:00.000Z',
        profile: 'local',
        baseUrl: 'http://127.0.0.1:7878',
        spec: { method: 'GET', path: '/v1/regions' },
        status: 200,
        ms: 12,
      },
    ]);
    expect(
      RequestHistory.open({ env: e })
        .list()
        .map((x) => x.spec.path),
    ).toEqual(['/v1/projects']);
  });

  it('writes no credential: no Authorization, other credentials masked', () => {
    const history = RequestHistory.open({ profile: 'p', env: env() });
    history.record({
      spec: {
        method: 'GET',
        path: '/v1/x?access_token=eyJhbGciOi.zzzz9876',
        headers: ['Authorization: Bearer dk_demo_tester', 'X-Api-Key: sk_live_1234abcd'],
      },
      baseUrl: 'https://user:pass@api.example.com',
    });
    history.record({
      spec: { method: 'GET', path: '/v1/regions' },
      baseUrl: 'https://api.example.com/gw/dk_live_abcd1234',
      error: 'connection refused by https://api.example.com/gw/dk_live_abcd1234',
    });
    const text = readFileSync(history.path, 'utf8');
    expect(history.list()[0]).toMatchObject({
      baseUrl: 'https://api.example.com/gw/****1234',
      error: 'connection refused by https://api.example.com/gw/****1234',
    });
    for (const secret of ['dk_demo_tester', 'Bearer', 'sk_live', 'eyJhbG', 'pass@', 'dk_live']) {
      expect(text).not.toContain(secret);
    }
    expect(history.list()[1]?.spec).toEqual({
      method: 'GET',
      path: '/v1/x?access_token=****9876',
      headers: ['X-Api-Key: ****abcd'],
    });
  });

  it(`keeps the last ${HISTORY_LIMIT}, skipping lines that do not parse`, () => {
    const history = RequestHistory.open({ profile: 'p', env: env() });
    for (let i = 0; i < HISTORY_LIMIT + 150; i++) {
      history.record({ spec: { method: 'GET', path: `/v1/n/${i}` } });
      if (i === 3) appendFileSync(history.path, '{"half a li\nnot json\n{"method":"GET"}\n');
    }
    const listed = history.list();
    expect(listed).toHaveLength(HISTORY_LIMIT);
    expect(listed[0]?.spec.path).toBe(`/v1/n/${HISTORY_LIMIT + 149}`);
    expect(listed.at(-1)?.spec.path).toBe('/v1/n/150');
    // Compacted: the file itself holds no more than the limit and its slack.
    const lines = readFileSync(history.path, 'utf8').trimEnd().split('\n');
    expect(lines.length).toBeLessThanOrEqual(HISTORY_LIMIT + 100);
    expect(statSync(history.path).mode & 0o777).toBe(0o600);
  });

  it('cuts a long body with a mark, and keeps every line within 64 KiB', () => {
    const history = RequestHistory.open({ profile: 'p', env: env() });
    const body = JSON.stringify({ name: 'y'.repeat(100_000) });
    history.record({
      spec: {
        method: 'POST',
        path: `/v1/x?q=${'p'.repeat(5000)}`,
        body,
        headers: Array.from({ length: 40 }, (_, i) => `X-H${i}: ${'\u0001'.repeat(2000)}`),
      },
      status: 413,
    });
    const text = readFileSync(history.path, 'utf8');
    expect(Buffer.byteLength(text)).toBeLessThanOrEqual(HISTORY_LINE_LIMIT);
    const [entry] = history.list();
    // Its headers, escaped, would not fit: the line keeps the time, method, path and outcome.
    expect(entry?.spec).toEqual({
      method: 'POST',
      path: `/v1/x?q=${'p'.repeat(1024 - 8)}…[cut: 5008 characters in all]`,
    });
    expect(entry?.status).toBe(413);

    history.record({ spec: { method: 'POST', path: '/v1/y', body } });
    expect(history.list()[0]?.spec.body).toBe(
      `${body.slice(0, HISTORY_BODY_LIMIT)}…[cut: ${body.length} characters in all]`,
    );
  });

  it('reads and compacts a file grown past every bound by an older version', () => {
    const history = RequestHistory.open({ profile: 'p', env: env() });
    history.record({ spec: { method: 'GET', path: '/v1/first' } });
    // 40 MB of one line, as a version without the bound wrote a refused body.
    const huge = JSON.stringify({
      time: '2025-01-01T00:00:00.000Z',
      method: 'POST',
      path: '/v1/huge',
      body: 'z'.repeat(40 * 1024 * 1024),
    });
    appendFileSync(history.path, `${huge}\n`);
    history.record({ spec: { method: 'GET', path: '/v1/last' } });
    expect(history.list().map((e) => e.spec.path)).toEqual(['/v1/last']);
    expect(statSync(history.path).size).toBeLessThan(HISTORY_LINE_LIMIT);
    expect(statSync(history.path).mode & 0o777).toBe(0o600);
  });

  it('takes over the lock of a run that died holding it, and leaves none behind', () => {
    const history = RequestHistory.open({ profile: 'p', env: env() });
    history.record({ spec: { method: 'GET', path: '/v1/a' } });
    const dead = spawnSync(process.execPath, ['-e', '0']).pid;
    writeFileSync(`${history.path}.lock`, String(dead));
    history.record({ spec: { method: 'GET', path: '/v1/b' } });
    expect(history.list().map((e) => e.spec.path)).toEqual(['/v1/b', '/v1/a']);
    expect(existsSync(`${history.path}.lock`)).toBe(false);
  });

  it('never writes through a symbolic link', () => {
    const e = env();
    const history = RequestHistory.open({ profile: 'p', env: e });
    history.record({ spec: { method: 'GET', path: '/v1/a' } });
    rmSync(history.path);
    const target = join(e.DOMAINCTL_DATA_DIR as string, 'elsewhere');
    writeFileSync(target, 'precious\n');
    symlinkSync(target, history.path);
    expect(() => history.record({ spec: { method: 'GET', path: '/v1/b' } })).toThrow(/ELOOP/);
    expect(readFileSync(target, 'utf8')).toBe('precious\n');
  });

  it('clear() forgets every request of the profile', () => {
    const history = RequestHistory.open({ profile: 'p', env: env() });
    history.record({ spec: { method: 'GET', path: '/v1/a' } });
    history.clear();
    expect(history.list()).toEqual([]);
    expect(statSync(history.path).mode & 0o777).toBe(0o600);
  });
});
