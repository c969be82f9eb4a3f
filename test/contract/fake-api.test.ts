import { describe, expect, it } from 'vitest';
import { ErrorBody } from '../../src/contract/schemas.js';
import { api } from '../helpers/api.js';
import { startFakeApi } from '../helpers/fake-api.js';

// The fake API (test/helpers/fake-api.ts) stands in for servers that are strange on purpose; it
// must never be strange by a slip of its own, or a test would pass against an answer no server
// following the contract sends.
describe('the fake API', () => {
  it("answers its own errors with the contract's error body", async () => {
    const fake = await startFakeApi({ domains: { prj_a: [] } });
    try {
      const unknown = await api(fake, 'GET', '/v2/nothing');
      expect(unknown.status).toBe(404);
      expect(ErrorBody.parse(unknown.json)).toEqual({
        error: { code: 'not_found', message: 'no route /v2/nothing' },
      });
      const badToken = await api(fake, 'GET', '/v1/projects/prj_a/domains?page_token=never');
      expect(badToken.status).toBe(400);
      expect(ErrorBody.parse(badToken.json)).toEqual({
        error: { code: 'invalid_request', message: 'bad page_token' },
      });
    } finally {
      await fake.close();
    }
  });

  it('refuses, before it listens, a domain no client could read', async () => {
    const noRecords = { id: 'dom_1', domain: 'a.example.com', verified: false };
    await expect(startFakeApi({ domains: { prj_a: [noRecords] } })).rejects.toThrow(
      /^the fake API's domain of prj_a does not follow the contract:\n.*dns_instructions/s,
    );
  });

  it('refuses a project whose times are not ISO 8601', async () => {
    const project = { id: 'prj_a', created_at: 'yesterday' };
    await expect(startFakeApi({ projects: [project] })).rejects.toThrow(
      /^the fake API's project does not follow the contract:\n.*created_at/s,
    );
  });
});
