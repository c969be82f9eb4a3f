import { describe, expect, it } from 'vitest';
import { savedItems } from '../../src/ui/raw/raw-pickers.js';

// The lines of the raw screen's saved requests (Ctrl+O), apart from Ink.
describe('the saved requests list', () => {
  it('starts the methods and the paths in one column, whatever the names', () => {
    // A walkthrough's finding: "› cred  POST /v1/projects" over "  r1  GET /v1/regions".
    const labels = savedItems([
      { name: 'cred', path: 'cred.json', spec: { method: 'POST', path: '/v1/projects' } },
      { name: 'r1', path: 'r1.json', spec: { method: 'GET', path: '/v1/regions' } },
      { name: 'broken', path: 'broken.json', error: 'not JSON' },
    ]).map((p) => p.item.label);
    expect(labels).toEqual(['cred    POST   /v1/projects', 'r1      GET    /v1/regions', 'broken']);
  });
});
