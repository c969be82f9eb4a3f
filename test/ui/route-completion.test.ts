import { describe, expect, it } from 'vitest';
import { completions, valueToType } from '../../src/ui/raw/route-completion.js';

// The raw screen's path completion, apart from Ink: what Tab may offer after what was typed.
const paths = (typed: string, projectId?: string) =>
  completions(typed, projectId).map((c) => c.path);

describe("the raw screen's path completion", () => {
  it('fills {project_id} with the current project where it is still to come', () => {
    expect(paths('/v1/projects/', 'prj_demo_scale')).toEqual([
      '/v1/projects/prj_demo_scale',
      '/v1/projects/prj_demo_scale/databases',
      '/v1/projects/prj_demo_scale/databases/',
      '/v1/projects/prj_demo_scale/domains',
    ]);
    expect(paths('/v1/projects/prj_demo_scale/d', 'prj_demo_scale')).toEqual([
      '/v1/projects/prj_demo_scale/databases',
      '/v1/projects/prj_demo_scale/databases/',
      '/v1/projects/prj_demo_scale/domains',
    ]);
  });

  it("goes on from another project's ID, or the parameter's own name, typed in its place", () => {
    // A walkthrough's finding: only the profile's own project completed.
    expect(paths('/v1/projects/prj_demo_free/dom', 'prj_demo_scale')).toEqual([
      '/v1/projects/prj_demo_free/domains',
    ]);
    expect(paths('/v1/projects/{project_id}/do', 'prj_demo_scale')).toEqual([
      '/v1/projects/{project_id}/domains',
    ]);
    // A value left to type ({database_id}) is the user's: completions stop at its `/`.
    expect(paths('/v1/projects/prj_other/databases/', undefined)).toEqual([]);
    expect(valueToType('/v1/projects/prj_other/databases/')).toBe('database_id');
    expect(valueToType('/v1/projects/prj_other/')).toBeUndefined();
  });

  it('goes on from a project ID typed whole without its slash, and completes the IDs of the projects the session has seen', () => {
    // A walkthrough's finding: `/v1/projects/prj_demo_enterprise` and Tab said no route goes on.
    expect(paths('/v1/projects/prj_demo_enterprise', 'prj_demo_scale')).toEqual([
      '/v1/projects/prj_demo_enterprise/databases',
      '/v1/projects/prj_demo_enterprise/databases/',
      '/v1/projects/prj_demo_enterprise/domains',
    ]);
    expect(paths('/v1/projects/{project_id}', 'prj_demo_scale')).toEqual([
      '/v1/projects/{project_id}/databases',
      '/v1/projects/{project_id}/databases/',
      '/v1/projects/{project_id}/domains',
    ]);
    const seen = ['prj_demo_scale', 'prj_demo_enterprise', 'prj_demo_free'];
    expect(
      completions('/v1/projects/prj_demo_e', 'prj_demo_scale', undefined, seen).map((c) => c.path),
    ).toEqual([
      '/v1/projects/prj_demo_enterprise',
      '/v1/projects/prj_demo_enterprise/databases',
      '/v1/projects/prj_demo_enterprise/databases/',
      '/v1/projects/prj_demo_enterprise/domains',
    ]);
    // The current project first, then the others seen, where what is typed fits several.
    expect(
      completions('/v1/projects/prj_demo_', 'prj_demo_scale', undefined, seen)
        .map((c) => c.path)
        .filter((p) => !p.includes('/', '/v1/projects/'.length)),
    ).toEqual([
      '/v1/projects/prj_demo_scale',
      '/v1/projects/prj_demo_enterprise',
      '/v1/projects/prj_demo_free',
    ]);
  });

  it("offers a route once with all its methods (in the route table's order), nothing where no route goes on, nothing after a query", () => {
    const domains = completions('/v1/projects/p/domains', 'p');
    expect(domains).toEqual([]);
    expect(
      completions('/v1/projects/p/d', 'p').find((c) => c.path.endsWith('/domains'))?.methods,
    ).toEqual(['POST', 'GET']);
    expect(paths('/v1/regions/')).toEqual([]);
    expect(paths('/v1/projects//do', 'p')).toEqual([]);
    expect(paths('/v1/pro?x', 'p')).toEqual([]);
  });

  it('percent-encodes a project ID as the request does', () => {
    expect(paths('/v1/projects/', 'a/b').at(0)).toBe('/v1/projects/a%2Fb');
  });

  it('puts the paths that take the selected method first, the others after, each in the table order', () => {
    // A walkthrough's finding: with POST selected, Tab on an empty path offered /v1/regions first.
    const post = paths('/v1/', 'p').filter(Boolean);
    const forPost = completions('/v1/', 'p', 'POST').map((c) => c.path);
    expect(forPost.slice(0, 3)).toEqual([
      '/v1/projects',
      '/v1/projects/p/databases',
      '/v1/projects/p/domains',
    ]);
    expect([...forPost].sort()).toEqual([...post].sort());
  });
});
