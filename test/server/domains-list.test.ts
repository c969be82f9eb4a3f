import { describe, expect, it } from 'vitest';
import { DomainPage } from '../../src/contract/schemas.js';
import { api, expectError, expectUnauthorized } from '../helpers/api.js';
import { seededServerForFile } from '../helpers/fixtures.js';
import { OUTSIDER_KEY, startTestServer, TESTER_KEY } from '../helpers/server.js';
import { execSql, onPostgres } from '../helpers/store.js';

const server = seededServerForFile();

/** Lists domains as the tester, as another caller, or (null) without credentials. */
const list = (projectId: string, query = '', key: string | null = TESTER_KEY) =>
  api(server, 'GET', `/v1/projects/${projectId}/domains${query}`, { key: key ?? undefined });

const DAY = 24 * 60 * 60 * 1000;

describe('GET /v1/projects/{project_id}/domains: success', () => {
  it('answers 200 with the newest 20 domains and a token for the next page', async () => {
    const res = await list('prj_demo_scale');
    expect(res.status).toBe(200);
    const page = DomainPage.parse(res.json);
    expect(page.domains).toHaveLength(20);
    expect(page.next_page_token).toMatch(/^[a-zA-Z0-9_.-]+$/);
    expect(page.domains.map((d) => d.id).slice(0, 3)).toEqual([
      'dom_demo_01',
      'dom_demo_02',
      'dom_demo_03',
    ]);
    for (const domain of page.domains) {
      expect(domain.project_id).toBe('prj_demo_scale');
      expect(domain.dns_instructions).toEqual({
        cname_host: domain.domain,
        cname_target: 'prj-demo-scale.edge.domainctl.test',
        txt_host: `_domainctl-verify.${domain.domain}`,
        txt_value: `domainctl-verify=${domain.dns_verification_token}`,
        acme_cname_host: `_acme-challenge.${domain.domain}`,
        acme_cname_target: `${domain.id.replaceAll('_', '-')}.acme.edge.domainctl.test`,
      });
    }
  });

  it('shows the seeded domains as the demo data has them: 45, some verified, one expiring soon', async () => {
    const all = DomainPage.parse((await list('prj_demo_scale', '?page_size=100')).json).domains;
    expect(all).toHaveLength(45);

    const [first, second] = all;
    expect(first).toMatchObject({ id: 'dom_demo_01', domain: 'www.acme-shop.com', verified: true });
    expect(first?.verified_at).not.toBeNull();
    expect(first?.tls_cert_expiry).not.toBeNull();
    expect(second).toMatchObject({
      id: 'dom_demo_02',
      domain: 'api.acme-shop.com',
      verified: false,
      verified_at: null,
      tls_cert_expiry: null,
    });

    // Some verified with certificates; exactly one expires within 14 days, and it is alive.
    const verified = all.filter((d) => d.verified);
    expect(verified).toHaveLength(30);
    for (const d of verified) {
      expect(d.verified_at).not.toBeNull();
      expect(Date.parse(d.verified_at as string)).toBeGreaterThanOrEqual(Date.parse(d.created_at));
      expect(d.tls_cert_expiry).not.toBeNull();
    }
    const now = Date.now();
    const soon = all.filter((d) => {
      const expiry = d.tls_cert_expiry ? Date.parse(d.tls_cert_expiry) : Number.NaN;
      return expiry > now && expiry - now < 14 * DAY;
    });
    expect(soon.map((d) => d.id)).toEqual(['dom_demo_45']);
    for (const d of all.filter((x) => !x.verified)) {
      expect(d.verified_at).toBeNull();
      expect(d.tls_cert_expiry).toBeNull();
    }
    expect(new Set(all.map((d) => d.dns_verification_token)).size).toBe(45);
  });

  it('answers an empty page with no token for a project without domains', async () => {
    const res = await list('prj_demo_enterprise');
    expect(res.status).toBe(200);
    expect(DomainPage.parse(res.json)).toEqual({ domains: [], next_page_token: '' });
  });

  // Strict, so that a typo or a feature this server lacks is not answered as if it were read.
  it('refuses a query parameter the contract does not define, naming it', async () => {
    const res = await list('prj_demo_scale', '?page_size=2&sort=oldest');
    expect(expectError(res, 400, 'invalid_request')).toBe('query has unknown field sort');
  });
});

describe('GET /v1/projects/{project_id}/domains: the five error responses', () => {
  it('400 invalid_request for a bad page_size, page_token or path parameter', async () => {
    expect(expectError(await list('prj_demo_scale', '?page_size=0'), 400, 'invalid_request')).toBe(
      'page_size must be a whole number from 1 to 100',
    );
    expect(
      expectError(await list('prj_demo_scale', '?page_token=bm90LWpzb24'), 400, 'invalid_request'),
    ).toBe('page_token is not a token this list handed out');
    expect(expectError(await list('prj%24demo'), 400, 'invalid_request')).toBe(
      'project_id must match ^prj_[a-zA-Z0-9_.-]+$',
    );
  });

  it('401 unauthorized, with WWW-Authenticate: Bearer, without valid credentials', async () => {
    expectUnauthorized(await list('prj_demo_scale', '', null));
    expectUnauthorized(await list('prj_demo_scale', '', 'dk_demo_nobody'));
    expectUnauthorized(await list('prj_demo_scale', '', 'not-a-jwt'));
  });

  it('403 feature_not_enabled for a caller without the custom-domains flag', async () => {
    const res = await list('prj_demo_scale', '', OUTSIDER_KEY);
    expect(expectError(res, 403, 'feature_not_enabled')).toContain('custom-domains');
    // The outsider is a member: the project itself is visible to them.
    expect(
      (await api(server, 'GET', '/v1/projects/prj_demo_scale', { key: OUTSIDER_KEY })).status,
    ).toBe(200);
  });

  it('404 not_found for a project that does not exist or that the caller cannot see', async () => {
    expect(expectError(await list('prj_other'), 404, 'not_found')).toBe(
      'project prj_other not found',
    );
    expect(expectError(await list('prj_nope'), 404, 'not_found')).toBe(
      'project prj_nope not found',
    );
  });

  it('500 internal_error when the store fails underneath, with no internals in the message', async () => {
    const broken = await startTestServer();
    try {
      // A real failure, not a mock: the table the list reads is gone from the live database.
      await execSql(broken, 'DROP TABLE domains');
      const res = await api(broken, 'GET', '/v1/projects/prj_demo_scale/domains', {
        key: TESTER_KEY,
      });
      const message = expectError(res, 500, 'internal_error');
      expect(message).toBe('an unexpected error occurred; it has been logged');
      expect(res.text).not.toMatch(/sqlite|domains|table|stack|\.ts\b|\.js\b|at /i);
      // The operator sees what happened; the caller does not.
      expect(broken.warnings).toHaveLength(1);
      expect(broken.warnings[0]).toMatch(
        onPostgres ? /relation "domains" does not exist/ : /no such table: domains/,
      );
      expect(broken.requests).toContain('GET /v1/projects/prj_demo_scale/domains 500');
    } finally {
      await broken.close();
    }
  });

  it('500 internal_error when the store is closed underneath the running app', async () => {
    const broken = await startTestServer();
    try {
      await broken.store.close();
      const res = await api(broken, 'GET', '/v1/projects/prj_demo_scale/domains', {
        key: TESTER_KEY,
      });
      expect(expectError(res, 500, 'internal_error')).toBe(
        'an unexpected error occurred; it has been logged',
      );
      expect(res.text).not.toMatch(/database|connection|open/i);
    } finally {
      await broken.close();
    }
  });
});

describe('GET /v1/projects/{project_id}/domains: the order of the checks', () => {
  it('credentials first: no credentials on an unknown project is 401', async () => {
    expectUnauthorized(await list('prj_nope', '', null));
    expectUnauthorized(await list('prj_other', '?page_size=0', null));
    expectUnauthorized(await list('prj%24demo', '', null));
  });

  it('visibility before the flag: the outsider on an invisible project gets 404', async () => {
    expectError(await list('prj_other', '', OUTSIDER_KEY), 404, 'not_found');
  });

  it('visibility before input: an unknown project with a bad page_size is 404, not 400', async () => {
    expectError(await list('prj_nope', '?page_size=abc'), 404, 'not_found');
    expectError(await list('prj_other', '?page_token=%21%21'), 404, 'not_found');
  });

  it('the flag before input: the outsider with a bad page_size gets 403, not 400', async () => {
    expectError(
      await list('prj_demo_scale', '?page_size=abc', OUTSIDER_KEY),
      403,
      'feature_not_enabled',
    );
  });

  it('listing needs no plan: the Free project lists (empty) for the tester', async () => {
    const res = await list('prj_demo_free');
    expect(DomainPage.parse(res.json)).toEqual({ domains: [], next_page_token: '' });
  });
});
