import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { api, expectError } from '../helpers/api.js';
import { startTestServer, TESTER_KEY, type TestServer } from '../helpers/server.js';
import { execSqlElsewhere, STORE_NAME } from '../helpers/store.js';

// The server keeps callers (by API key), the projects they may see and pages of the domain list
// while the store's change mark stays the same. These tests change the data through another
// connection, as another server process sharing the database would, and hold every kept answer
// to that change on the very next request.

const PAGE = '/v1/projects/prj_demo_scale/domains?page_size=5';
const TESTER = "(SELECT id FROM users WHERE subject = 'demo-tester')";

describe(`what the server keeps, when another connection changes the ${STORE_NAME} database`, () => {
  let dir: string;
  let server: TestServer;
  beforeEach(async () => {
    dir = mkdtempSync(join(tmpdir(), 'domainctl-marks-'));
    server = await startTestServer({ db: join(dir, 'api.db') });
    // Twice: the second answer comes from what the first one left behind.
    for (let i = 0; i < 2; i++) {
      expect((await api(server, 'GET', PAGE, { key: TESTER_KEY })).status).toBe(200);
    }
  });
  afterEach(async () => {
    await server.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('a revoked API key is a 401 at once', async () => {
    await execSqlElsewhere(server, `DELETE FROM api_keys WHERE user_id = ${TESTER}`);
    const res = await api(server, 'GET', PAGE, { key: TESTER_KEY });
    expect(expectError(res, 401, 'unauthorized')).toBe('unknown API key');
  });

  it('a feature flag taken away is a 403 at once', async () => {
    await execSqlElsewhere(server, `DELETE FROM user_features WHERE user_id = ${TESTER}`);
    expectError(await api(server, 'GET', PAGE, { key: TESTER_KEY }), 403, 'feature_not_enabled');
  });

  it('a membership ended hides the project at once', async () => {
    await execSqlElsewhere(server, `DELETE FROM memberships WHERE user_id = ${TESTER}`);
    const res = await api(server, 'GET', PAGE, { key: TESTER_KEY });
    expect(expectError(res, 404, 'not_found')).toBe('project prj_demo_scale not found');
    const project = await api(server, 'GET', '/v1/projects/prj_demo_scale', { key: TESTER_KEY });
    expectError(project, 404, 'not_found');
  });

  it('a project moved to another organisation is hidden at once', async () => {
    await execSqlElsewhere(
      server,
      "UPDATE projects SET organization_id = 'org_other' WHERE id = 'prj_demo_scale'",
    );
    expectError(await api(server, 'GET', PAGE, { key: TESTER_KEY }), 404, 'not_found');
  });

  it('a project whose plan changed shows the new plan at once', async () => {
    await api(server, 'GET', '/v1/projects/prj_demo_scale', { key: TESTER_KEY });
    await execSqlElsewhere(server, "UPDATE projects SET plan = 'free' WHERE id = 'prj_demo_scale'");
    const res = await api(server, 'GET', '/v1/projects/prj_demo_scale', { key: TESTER_KEY });
    expect(res.json).toMatchObject({ plan: 'free' });
    const add = await api(server, 'POST', '/v1/projects/prj_demo_scale/domains', {
      key: TESTER_KEY,
      body: { domain: 'after-downgrade.example.com' },
    });
    expectError(add, 402, 'plan_upgrade_required');
  });

  it('a domain added or changed by another connection is on the next page', async () => {
    await execSqlElsewhere(
      server,
      `INSERT INTO domains (id, project_id, domain, dns_verification_token, created_at, updated_at)
       VALUES ('dom_elsewhere', 'prj_demo_scale', 'elsewhere.example.com', 'abcdefghijklmnop0123', '2099-01-01T00:00:00.000Z', '2099-01-01T00:00:00.000Z')`,
    );
    const page = await api(server, 'GET', PAGE, { key: TESTER_KEY });
    expect((page.json as { domains: { id: string }[] }).domains[0]?.id).toBe('dom_elsewhere');
    await execSqlElsewhere(
      server,
      "UPDATE domains SET domain = 'renamed.example.com' WHERE id = 'dom_elsewhere'",
    );
    const again = await api(server, 'GET', PAGE, { key: TESTER_KEY });
    expect((again.json as { domains: { domain: string }[] }).domains[0]?.domain).toBe(
      'renamed.example.com',
    );
  });
});
