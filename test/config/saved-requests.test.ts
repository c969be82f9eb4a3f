import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { requestsDir } from '../../src/config/data-dir.js';
import { SavedRequests } from '../../src/config/saved-requests.js';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});
function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'domainctl-saved-'));
  dirs.push(dir);
  return dir;
}

describe('requestsDir', () => {
  it('is --requests-dir, else DOMAINCTL_REQUESTS_DIR, else requests in the config folder', () => {
    expect(requestsDir('/flag', { DOMAINCTL_REQUESTS_DIR: '/env' })).toBe('/flag');
    expect(requestsDir(undefined, { DOMAINCTL_REQUESTS_DIR: '/env' })).toBe('/env');
    expect(requestsDir(undefined, { DOMAINCTL_CONFIG_DIR: '/c' })).toBe(join('/c', 'requests'));
  });
});

describe('SavedRequests', () => {
  it('saves one readable JSON file a request, and loads it back', () => {
    const saved = SavedRequests.open({ dir: join(tempDir(), 'requests') });
    const spec = {
      method: 'POST' as const,
      path: '/v1/projects/{project_id}/domains',
      headers: ['X-Trace: 1', 'Authorization: Bearer dk_demo_tester'],
      body: '{"domain":"shop.example.com"}',
      jq: '.id',
    };
    expect(saved.save('add-shop', spec)).toEqual({
      path: join(saved.dir, 'add-shop.json'),
      created: true,
    });
    expect(readFileSync(join(saved.dir, 'add-shop.json'), 'utf8')).toBe(
      `{
  "method": "POST",
  "path": "/v1/projects/{project_id}/domains",
  "headers": [
    "X-Trace: 1"
  ],
  "jq": ".id",
  "body": {
    "domain": "shop.example.com"
  }
}
`,
    );
    expect(saved.load('add-shop')).toEqual({
      spec: { ...spec, headers: ['X-Trace: 1'] },
      path: join(saved.dir, 'add-shop.json'),
    });
    expect(saved.save('add-shop', { method: 'GET', path: '/v1/regions' }).created).toBe(false);
    expect(saved.list()).toEqual([
      {
        name: 'add-shop',
        path: join(saved.dir, 'add-shop.json'),
        spec: { method: 'GET', path: '/v1/regions' },
      },
    ]);
  });

  it('refuses bad names, and names the file that is missing or broken', () => {
    const saved = SavedRequests.open({ dir: tempDir() });
    expect(() => saved.save('../x', { method: 'GET', path: '/v1/x' })).toThrow(
      '"../x" cannot name a saved request: use letters, digits, ".", "_" and "-" (up to 64, starting with a letter or digit)',
    );
    expect(() => saved.load('nope')).toThrow(
      `no saved request named "nope" (there is no file ${join(saved.dir, 'nope.json')})`,
    );
    writeFileSync(join(saved.dir, 'broken.json'), '{"method":"HEAD","path":"/v1/x"}');
    writeFileSync(join(saved.dir, 'notjson.json'), '{');
    expect(() => saved.load('broken')).toThrow(
      `${join(saved.dir, 'broken.json')} is not a saved request: method:`,
    );
    expect(saved.list().map((l) => ('error' in l ? l.name : ''))).toEqual(['broken', 'notjson']);
  });
});
