import { describe, expect, it } from 'vitest';
import { bodyTemplate } from '../../src/contract/body-template.js';
import { routes } from '../../src/contract/routes.js';

describe('the body template of an operation', () => {
  it("is made of the request schema's required fields", () => {
    expect(bodyTemplate('addDomain')).toBe('{"domain": "…"}');
    expect(bodyTemplate('createDatabase')).toBe('{"name": "…"}');
    // region_id is optional: left out.
    expect(bodyTemplate('createProject')).toBe('{"name": "…", "organization_id": "…"}');
  });

  it('is there for every route that takes a body, and only those', () => {
    const withTemplate = routes
      .filter((route) => bodyTemplate(route.operationId) !== undefined)
      .map((route) => `${route.method} ${route.path}`);
    expect(withTemplate).toEqual(
      routes
        .filter((route) => route.method !== 'GET' && route.method !== 'DELETE')
        .map((route) => `${route.method} ${route.path}`),
    );
  });
});
