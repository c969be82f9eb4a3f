import { describe, expect, it } from 'vitest';
import { Domain, DomainPage } from '../../src/contract/schemas.js';
import { api, expectError, expectUnauthorized } from '../helpers/api.js';
import { seededServerForFile } from '../helpers/fixtures.js';
import { OUTSIDER_KEY, startTestServer, TESTER_KEY } from '../helpers/server.js';

const server = seededServerForFile();

/** Adds a domain as the tester, as another caller, or (null) without credentials. */
const add = (projectId: string, body: unknown, key: string | null = TESTER_KEY) =>
  api(server, 'POST', `/v1/projects/${projectId}/domains`, { key: key ?? undefined, body });

describe('POST /v1/projects/{project_id}/domains: success', () => {
  it('answers 201 with the new domain and the DNS records it needs', async () => {
    const before = Date.now();
    const res = await add('prj_demo_scale', { domain: 'Shop.Example.com' });
    const after = Date.now();

    expect(res.status).toBe(201);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    const domain = Domain.parse(res.json);
    expect(domain.id).toMatch(/^dom_[a-z0-9]+$/);
    expect(domain).toMatchObject({
      project_id: 'prj_demo_scale',
      domain: 'shop.example.com',
      verified: false,
      verified_at: null,
      tls_cert_expiry: null,
    });
    expect(domain.dns_verification_token).toMatch(/^[a-z0-9]{16,}$/);
    expect(domain.dns_instructions).toEqual({
      cname_host: 'shop.example.com',
      cname_target: 'prj-demo-scale.edge.domainctl.test',
      txt_host: '_domainctl-verify.shop.example.com',
      txt_value: `domainctl-verify=${domain.dns_verification_token}`,
      acme_cname_host: '_acme-challenge.shop.example.com',
      acme_cname_target: `${domain.id.replaceAll('_', '-')}.acme.edge.domainctl.test`,
    });
    expect(domain.updated_at).toBe(domain.created_at);
    const created = Date.parse(domain.created_at);
    expect(created).toBeGreaterThanOrEqual(before);
    expect(created).toBeLessThanOrEqual(after);

    // The new domain is the newest of its project: first on the first page.
    const list = await api(server, 'GET', '/v1/projects/prj_demo_scale/domains?page_size=1', {
      key: TESTER_KEY,
    });
    expect(DomainPage.parse(list.json).domains).toEqual([domain]);
  });

  it('gives every domain its own id, token and ACME target', async () => {
    const a = Domain.parse((await add('prj_demo_enterprise', { domain: 'a.unique.example' })).json);
    const b = Domain.parse((await add('prj_demo_enterprise', { domain: 'b.unique.example' })).json);
    expect(a.project_id).toBe('prj_demo_enterprise');
    expect(a.dns_instructions.cname_target).toBe('prj-demo-enterprise.edge.domainctl.test');
    expect(b.id).not.toBe(a.id);
    expect(b.dns_verification_token).not.toBe(a.dns_verification_token);
    expect(b.dns_instructions.acme_cname_target).not.toBe(a.dns_instructions.acme_cname_target);
  });

  it('ignores fields the contract does not define', async () => {
    const res = await add('prj_demo_enterprise', { domain: 'extra.example.org', verified: true });
    expect(res.status).toBe(201);
    expect(Domain.parse(res.json).verified).toBe(false);
  });

  it('uses the server settings --label and --edge-domain in the records', async () => {
    const custom = await startTestServer({ label: 'acme', edgeDomain: 'edge.example.net' });
    try {
      const res = await api(custom, 'POST', '/v1/projects/prj_demo_scale/domains', {
        key: TESTER_KEY,
        body: { domain: 'app.example.org' },
      });
      expect(res.status).toBe(201);
      const domain = Domain.parse(res.json);
      expect(domain.dns_instructions).toEqual({
        cname_host: 'app.example.org',
        cname_target: 'prj-demo-scale.edge.example.net',
        txt_host: '_acme-verify.app.example.org',
        txt_value: `acme-verify=${domain.dns_verification_token}`,
        acme_cname_host: '_acme-challenge.app.example.org',
        acme_cname_target: `${domain.id.replaceAll('_', '-')}.acme.edge.example.net`,
      });
      // The configured edge domain is the one that is off limits, not the default.
      const underEdge = await api(custom, 'POST', '/v1/projects/prj_demo_scale/domains', {
        key: TESTER_KEY,
        body: { domain: 'x.edge.example.net' },
      });
      expect(expectError(underEdge, 400, 'invalid_request')).toContain('edge.example.net');
      const underDefault = await api(custom, 'POST', '/v1/projects/prj_demo_scale/domains', {
        key: TESTER_KEY,
        body: { domain: 'x.edge.domainctl.test' },
      });
      expect(underDefault.status).toBe(201);
    } finally {
      await custom.close();
    }
  });
});

describe('POST /v1/projects/{project_id}/domains: the six error responses', () => {
  it('400 invalid_request for a body that is not what the contract wants', async () => {
    const cases: { rawBody?: string; body?: unknown; says: RegExp }[] = [
      { rawBody: '{"domain": ', says: /not valid JSON/ },
      { rawBody: '', says: /must be a JSON object/ },
      { body: ['shop.example.com'], says: /must be a JSON object/ },
      { body: 'shop.example.com', says: /must be a JSON object/ },
      { body: null, says: /must be a JSON object/ },
      { body: {}, says: /domain is required/ },
      { body: { domain: 42 }, says: /domain/ },
      { body: { domain: 'not a host name' }, says: /whitespace or control characters/ },
    ];
    for (const c of cases) {
      const res = await api(server, 'POST', '/v1/projects/prj_demo_scale/domains', {
        key: TESTER_KEY,
        ...(c.rawBody !== undefined ? { rawBody: c.rawBody } : { body: c.body }),
      });
      expect(expectError(res, 400, 'invalid_request'), JSON.stringify(c)).toMatch(c.says);
    }
  });

  it('400 invalid_request for a project_id that breaks the parameter pattern', async () => {
    const res = await add('prj%20demo', { domain: 'pattern.example.com' });
    expect(expectError(res, 400, 'invalid_request')).toContain('project_id');
  });

  it('401 unauthorized, with WWW-Authenticate: Bearer, without valid credentials', async () => {
    const body = { domain: 'anon.example.com' };
    expect(expectUnauthorized(await add('prj_demo_scale', body, null))).toMatch(/missing/);
    expect(expectUnauthorized(await add('prj_demo_scale', body, 'dk_not_a_key'))).toBe(
      'unknown API key',
    );
    for (const authorization of ['Basic dXNlcjpwYXNz', 'Bearer', 'Bearer a b', 'dk_demo_tester']) {
      const res = await api(server, 'POST', '/v1/projects/prj_demo_scale/domains', {
        headers: { authorization },
        body,
      });
      expect(expectUnauthorized(res), authorization).toMatch(/malformed/);
    }
    // No JWKS is configured on this server, so a JWT cannot be checked: still a 401.
    expect(expectUnauthorized(await add('prj_demo_scale', body, 'eyJhbGciOi.e30.c2ln'))).toMatch(
      /does not accept JWTs/,
    );
    expect(expectUnauthorized(await add('prj_demo_scale', body, 'wrong'))).toMatch(
      /neither an API key of this server \(they start with dk_\) nor a JWT/,
    );
  });

  it('402 plan_upgrade_required on a project on the Free plan', async () => {
    const res = await add('prj_demo_free', { domain: 'free.example.com' });
    expect(expectError(res, 402, 'plan_upgrade_required')).toMatch(/Scale or Enterprise.*Free/);
  });

  it('403 feature_not_enabled for a caller without the custom-domains flag', async () => {
    const res = await add('prj_demo_scale', { domain: 'outsider.example.com' }, OUTSIDER_KEY);
    expect(expectError(res, 403, 'feature_not_enabled')).toContain('custom-domains');
  });

  it('404 not_found for a project that does not exist or that the caller cannot see', async () => {
    for (const projectId of ['prj_other', 'prj_does_not_exist']) {
      const res = await add(projectId, { domain: 'hidden.example.com' });
      expect(expectError(res, 404, 'not_found')).toBe(`project ${projectId} not found`);
    }
  });

  it('409 domain_already_exists for a host name registered in this or any other project', async () => {
    // www.acme-shop.com is a seeded domain of prj_demo_scale.
    const same = await add('prj_demo_scale', { domain: 'www.acme-shop.com' });
    expect(expectError(same, 409, 'domain_already_exists')).toBe(
      'www.acme-shop.com is already registered',
    );
    // Another project, and a spelling that normalises to the same name.
    const other = await add('prj_demo_enterprise', { domain: ' WWW.Acme-Shop.com. ' });
    expect(expectError(other, 409, 'domain_already_exists')).toBe(
      'www.acme-shop.com is already registered',
    );
  });
});

describe('POST /v1/projects/{project_id}/domains: the order of the checks', () => {
  const badBody = { rawBody: '{not json' };

  it('credentials come first: no credentials on an unknown project is 401', async () => {
    expectUnauthorized(await add('prj_does_not_exist', { domain: 'x.example.com' }, null));
    expectUnauthorized(await add('prj_other', { domain: 'x.example.com' }, 'dk_wrong'));
    expectUnauthorized(await api(server, 'POST', '/v1/projects/prj%20bad/domains', { ...badBody }));
  });

  it('an invalid path parameter is 400 once the caller is known', async () => {
    const res = await api(server, 'POST', '/v1/projects/prj%20bad/domains', {
      key: TESTER_KEY,
      ...badBody,
    });
    expectError(res, 400, 'invalid_request');
  });

  it('visibility before the flag: the outsider on an invisible project gets 404, not 403', async () => {
    expectError(
      await add('prj_other', { domain: 'x.example.com' }, OUTSIDER_KEY),
      404,
      'not_found',
    );
  });

  it('visibility before input: an unknown project with a bad body is 404, not 400', async () => {
    const res = await api(server, 'POST', '/v1/projects/prj_does_not_exist/domains', {
      key: TESTER_KEY,
      ...badBody,
    });
    expectError(res, 404, 'not_found');
  });

  it('the flag before the plan: the outsider on the Free project gets 403, not 402', async () => {
    const res = await add('prj_demo_free', { domain: 'x.example.com' }, OUTSIDER_KEY);
    expectError(res, 403, 'feature_not_enabled');
  });

  it('the flag before input: the outsider with a bad body gets 403, not 400', async () => {
    const res = await api(server, 'POST', '/v1/projects/prj_demo_scale/domains', {
      key: OUTSIDER_KEY,
      ...badBody,
    });
    expectError(res, 403, 'feature_not_enabled');
  });

  it('the plan before input: a bad body on the Free project is 402, not 400', async () => {
    const res = await api(server, 'POST', '/v1/projects/prj_demo_free/domains', {
      key: TESTER_KEY,
      ...badBody,
    });
    expectError(res, 402, 'plan_upgrade_required');
    const taken = await add('prj_demo_free', { domain: 'www.acme-shop.com' });
    expectError(taken, 402, 'plan_upgrade_required');
  });

  it('input before uniqueness: a bad spelling of a taken name is 400, not 409', async () => {
    const res = await add('prj_demo_scale', { domain: 'http://www.acme-shop.com/' });
    expectError(res, 400, 'invalid_request');
  });
});
