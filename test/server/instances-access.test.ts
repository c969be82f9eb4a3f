import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { api, expectError } from '../helpers/api.js';
import { startTestServer, TESTER_KEY, type TestServer } from '../helpers/server.js';
import { execSqlElsewhere, queryRows, STORE_NAME } from '../helpers/store.js';

// Two instances on one database, each keeping callers and the projects they may see. Access
// taken away in the database (a key revoked, a membership ended, a flag turned off) is refused
// by both on their very next request, and a write that a kept caller would have allowed does not
// happen. (One instance and another connection: mark-caches.test.ts.)

const PROJECT = 'prj_demo_scale';
const PAGE = `/v1/projects/${PROJECT}/domains?page_size=5`;
const TESTER = "(SELECT id FROM users WHERE subject = 'demo-tester')";

describe(`two instances on one ${STORE_NAME} database, when access changes underneath`, () => {
  let dir: string;
  let a: TestServer;
  let b: TestServer;
  beforeEach(async () => {
    dir = mkdtempSync(join(tmpdir(), 'domainctl-access-'));
    const db = join(dir, 'api.db');
    a = await startTestServer({ db });
    b = await startTestServer({ db });
    // Three requests each: the third is answered from what the first two left behind.
    for (const s of [a, b, a, b, a, b]) {
      expect((await api(s, 'GET', PAGE, { key: TESTER_KEY })).status).toBe(200);
    }
  });
  afterEach(async () => {
    await Promise.all([a?.close(), b?.close()]);
    rmSync(dir, { recursive: true, force: true });
  });

  it('a revoked API key is refused by both on their next request', async () => {
    await execSqlElsewhere(a, `DELETE FROM api_keys WHERE user_id = ${TESTER}`);
    for (const s of [b, a]) {
      const res = await api(s, 'GET', PAGE, { key: TESTER_KEY });
      expect(expectError(res, 401, 'unauthorized')).toBe('unknown API key');
    }
  });

  it('an ended membership hides the project from both on their next request', async () => {
    await execSqlElsewhere(a, `DELETE FROM memberships WHERE user_id = ${TESTER}`);
    for (const s of [b, a]) {
      const res = await api(s, 'GET', `/v1/projects/${PROJECT}`, { key: TESTER_KEY });
      expect(expectError(res, 404, 'not_found')).toBe(`project ${PROJECT} not found`);
    }
  });

  it('a flag turned off is a 403 on both at once, and turned on again a 200 at once', async () => {
    await execSqlElsewhere(a, `DELETE FROM user_features WHERE user_id = ${TESTER}`);
    for (const s of [b, a]) {
      expectError(await api(s, 'GET', PAGE, { key: TESTER_KEY }), 403, 'feature_not_enabled');
    }
    await execSqlElsewhere(
      a,
      `INSERT INTO user_features (user_id, feature) VALUES (${TESTER}, 'custom-domains')`,
    );
    for (const s of [b, a]) {
      expect((await api(s, 'GET', PAGE, { key: TESTER_KEY })).status).toBe(200);
    }
  });

  it('an add through a warm instance after the key is revoked is refused and adds nothing', async () => {
    await execSqlElsewhere(a, `DELETE FROM api_keys WHERE user_id = ${TESTER}`);
    const res = await api(b, 'POST', `/v1/projects/${PROJECT}/domains`, {
      key: TESTER_KEY,
      body: { domain: 'after-revoke.example.com' },
    });
    expectError(res, 401, 'unauthorized');
    expect(
      await queryRows(b, "SELECT id FROM domains WHERE domain = 'after-revoke.example.com'"),
    ).toEqual([]);
  });

  it('a delete through a warm instance after the membership ended is a 404 and deletes nothing', async () => {
    const made = await api(a, 'POST', `/v1/projects/${PROJECT}/databases`, {
      key: TESTER_KEY,
      body: { name: 'kept' },
    });
    expect(made.status).toBe(201);
    const id = (made.json as { id: string }).id;
    // Both see the project again after the write (a write on SQLite empties their caches).
    for (const s of [a, b, a, b]) {
      expect((await api(s, 'GET', PAGE, { key: TESTER_KEY })).status).toBe(200);
    }
    await execSqlElsewhere(a, `DELETE FROM memberships WHERE user_id = ${TESTER}`);
    const res = await api(b, 'DELETE', `/v1/projects/${PROJECT}/databases/${id}`, {
      key: TESTER_KEY,
    });
    expectError(res, 404, 'not_found');
    expect(await queryRows(b, `SELECT name FROM databases WHERE id = '${id}'`)).toEqual([
      { name: 'kept' },
    ]);
  });
});
