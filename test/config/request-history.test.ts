import {
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
import { HISTORY_LIMIT, RequestHistory } from '../../src/config/request-history.js';

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
    const text = readFileSync(history.path, 'utf8');
    for (const secret of ['dk_demo_tester', 'Bearer', 'sk_live', 'eyJhbG', 'pass@']) {
      expect(text).not.toContain(secret);
    }
    expect(history.list()[0]?.spec).toEqual({
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
