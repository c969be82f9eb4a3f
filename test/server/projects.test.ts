import { describe, expect, it } from 'vitest';
import { Project, ProjectPage, RegionList } from '../../src/contract/schemas.js';
import { api, expectError, expectUnauthorized } from '../helpers/api.js';
import { seededServerForFile } from '../helpers/fixtures.js';
import { OUTSIDER_KEY, TESTER_KEY } from '../helpers/server.js';

const server = seededServerForFile();

const demoProjects = ['prj_demo_scale', 'prj_demo_enterprise', 'prj_demo_free'];

describe('GET /v1/regions', () => {
  it('answers 200 with every region, without credentials', async () => {
    const res = await api(server, 'GET', '/v1/regions');
    expect(res.status).toBe(200);
    expect(RegionList.parse(res.json)).toEqual({
      regions: [
        { id: 'ap-south', name: 'Asia Pacific South (Singapore)' },
        { id: 'eu-west', name: 'Europe West (Frankfurt)' },
        { id: 'us-east', name: 'US East (Virginia)' },
      ],
    });
  });

  it('ignores credentials, even bad ones: it is public', async () => {
    const res = await api(server, 'GET', '/v1/regions', { key: 'dk_not_a_key' });
    expect(res.status).toBe(200);
    expect(res.json).toEqual((await api(server, 'GET', '/v1/regions')).json);
  });
});

describe('GET /v1/projects', () => {
  it('answers 200 with the projects the caller can see, newest first', async () => {
    const res = await api(server, 'GET', '/v1/projects', { key: TESTER_KEY });
    expect(res.status).toBe(200);
    const page = ProjectPage.parse(res.json);
    expect(page.next_page_token).toBe('');
    expect(page.projects.map((p) => p.id)).toEqual(demoProjects);
    expect(page.projects[0]).toMatchObject({
      id: 'prj_demo_scale',
      name: 'Demo Scale',
      organization_id: 'org_demo',
      region_id: 'eu-west',
      plan: 'scale',
    });
    expect(page.projects.map((p) => p.plan)).toEqual(['scale', 'enterprise', 'free']);
    // prj_other belongs to org_other, which the demo users are not members of.
    expect(page.projects.map((p) => p.id)).not.toContain('prj_other');
  });

  it('shows the outsider the same projects: the flag gates domains, not projects', async () => {
    const page = ProjectPage.parse(
      (await api(server, 'GET', '/v1/projects', { key: OUTSIDER_KEY })).json,
    );
    expect(page.projects.map((p) => p.id)).toEqual(demoProjects);
  });

  it('filters by organization_id; an organisation the caller cannot see is 404', async () => {
    const mine = await api(server, 'GET', '/v1/projects?organization_id=org_demo', {
      key: TESTER_KEY,
    });
    expect(ProjectPage.parse(mine.json).projects.map((p) => p.id)).toEqual(demoProjects);
    for (const org of ['org_other', 'org_nope']) {
      const res = await api(server, 'GET', `/v1/projects?organization_id=${org}`, {
        key: TESTER_KEY,
      });
      expect(expectError(res, 404, 'not_found')).toBe(`organization ${org} not found`);
    }
    const bad = await api(server, 'GET', '/v1/projects?organization_id=org%2Fdemo', {
      key: TESTER_KEY,
    });
    expectError(bad, 400, 'invalid_request');
    // Visibility before input: the organisation is checked before its page_token.
    const hidden = await api(
      server,
      'GET',
      '/v1/projects?organization_id=org_other&page_token=junk',
      {
        key: TESTER_KEY,
      },
    );
    expectError(hidden, 404, 'not_found');
  });

  it('pages with page_size and page_token; the token is bound to its filter', async () => {
    const ids: string[] = [];
    let token = '';
    let pages = 0;
    do {
      const res = await api(
        server,
        'GET',
        `/v1/projects?organization_id=org_demo&page_size=1${token ? `&page_token=${token}` : ''}`,
        { key: TESTER_KEY },
      );
      const page = ProjectPage.parse(res.json);
      ids.push(...page.projects.map((p) => p.id));
      token = page.next_page_token;
      pages++;
      if (pages === 1) {
        // The same token without the filter belongs to another list.
        const other = await api(server, 'GET', `/v1/projects?page_token=${token}`, {
          key: TESTER_KEY,
        });
        expectError(other, 400, 'invalid_request');
      }
    } while (token);
    expect(ids).toEqual(demoProjects);
    expect(pages).toBe(3);

    const exact = await api(server, 'GET', '/v1/projects?page_size=3', { key: TESTER_KEY });
    expect(ProjectPage.parse(exact.json).next_page_token).toBe('');
    expectError(
      await api(server, 'GET', '/v1/projects?page_size=0', { key: TESTER_KEY }),
      400,
      'invalid_request',
    );
  });

  it('401 without credentials', async () => {
    expectUnauthorized(await api(server, 'GET', '/v1/projects'));
  });
});

describe('GET /v1/projects/{project_id}', () => {
  it('answers 200 with the project', async () => {
    const res = await api(server, 'GET', '/v1/projects/prj_demo_free', { key: TESTER_KEY });
    expect(res.status).toBe(200);
    const project = Project.parse(res.json);
    expect(project).toMatchObject({
      id: 'prj_demo_free',
      name: 'Demo Free',
      organization_id: 'org_demo',
      region_id: 'us-east',
      plan: 'free',
    });
    expect(project.updated_at).toBe(project.created_at);
  });

  it('404 for a project the caller cannot see, exactly as for one that does not exist', async () => {
    const hidden = await api(server, 'GET', '/v1/projects/prj_other', { key: TESTER_KEY });
    const absent = await api(server, 'GET', '/v1/projects/prj_absent', { key: TESTER_KEY });
    expect(expectError(hidden, 404, 'not_found')).toBe('project prj_other not found');
    expect(expectError(absent, 404, 'not_found')).toBe('project prj_absent not found');
  });

  it('400 for a project_id that breaks the pattern; 401 comes first', async () => {
    expectError(
      await api(server, 'GET', '/v1/projects/prj%21', { key: TESTER_KEY }),
      400,
      'invalid_request',
    );
    expectUnauthorized(await api(server, 'GET', '/v1/projects/prj%21'));
    expectUnauthorized(await api(server, 'GET', '/v1/projects/prj_demo_scale'));
  });
});

describe('POST /v1/projects', () => {
  it('answers 201 with a new project on the Free plan in the default region', async () => {
    const before = Date.now();
    const res = await api(server, 'POST', '/v1/projects', {
      key: TESTER_KEY,
      body: { name: '  Side Project ', organization_id: 'org_demo' },
    });
    expect(res.status).toBe(201);
    const project = Project.parse(res.json);
    expect(project.id).toMatch(/^prj_[a-z0-9]+$/);
    expect(project).toMatchObject({
      name: 'Side Project',
      organization_id: 'org_demo',
      region_id: 'eu-west',
      plan: 'free',
    });
    expect(project.updated_at).toBe(project.created_at);
    expect(Date.parse(project.created_at)).toBeGreaterThanOrEqual(before);

    // It is there: by id, first in the list, and (on Free) it cannot have domains.
    const got = await api(server, 'GET', `/v1/projects/${project.id}`, { key: TESTER_KEY });
    expect(got.json).toEqual(project);
    const list = ProjectPage.parse(
      (await api(server, 'GET', '/v1/projects', { key: TESTER_KEY })).json,
    );
    expect(list.projects[0]).toEqual(project);
    const add = await api(server, 'POST', `/v1/projects/${project.id}/domains`, {
      key: TESTER_KEY,
      body: { domain: 'side.example.com' },
    });
    expectError(add, 402, 'plan_upgrade_required');
  });

  it('takes a region_id from GET /v1/regions; any other is 400', async () => {
    const res = await api(server, 'POST', '/v1/projects', {
      key: TESTER_KEY,
      body: { name: 'Asia', organization_id: 'org_demo', region_id: 'ap-south' },
    });
    expect(Project.parse(res.json).region_id).toBe('ap-south');
    const bad = await api(server, 'POST', '/v1/projects', {
      key: TESTER_KEY,
      body: { name: 'Mars', organization_id: 'org_demo', region_id: 'mars-1' },
    });
    expect(expectError(bad, 400, 'invalid_request')).toContain('mars-1');
  });

  it('400 for a body that is not a valid project', async () => {
    const bodies: unknown[] = [
      {},
      { organization_id: 'org_demo' },
      { name: '   ', organization_id: 'org_demo' },
      { name: 'x'.repeat(101), organization_id: 'org_demo' },
      { name: 'No org' },
      { name: 'Bad org', organization_id: 'org demo' },
      { name: 7, organization_id: 'org_demo' },
    ];
    for (const body of bodies) {
      const res = await api(server, 'POST', '/v1/projects', { key: TESTER_KEY, body });
      expectError(res, 400, 'invalid_request');
    }
  });

  it('404 for an organisation the caller is not a member of', async () => {
    for (const org of ['org_other', 'org_nope']) {
      const res = await api(server, 'POST', '/v1/projects', {
        key: TESTER_KEY,
        body: { name: 'Intruder', organization_id: org },
      });
      expect(expectError(res, 404, 'not_found')).toBe(`organization ${org} not found`);
    }
  });

  it('401 without credentials, before the body is read', async () => {
    expectUnauthorized(await api(server, 'POST', '/v1/projects', { rawBody: '{oops' }));
  });
});
