import { beforeAll, describe, expect, it } from 'vitest';
import { createApiClient } from '../../src/client/api-client.js';
import { runCli } from '../helpers/cli.js';
import { seededServerForFile } from '../helpers/fixtures.js';
import { TESTER_KEY } from '../helpers/server.js';

// A project name with a bidi override and zero-width characters: the API takes it (they are not
// control characters), and every command shows them as escapes, never as what they do.

const RAW_INVISIBLE = /[\u061c\u200b-\u200f\u202a-\u202e\u2060\u2066-\u2069\ufeff]/;
const NAME = 'Shop \u202egro.elpmaxe\u202c\u200b\ufeff\u2066x\u2069!';
const NAME_SHOWN = 'Shop \\u202egro.elpmaxe\\u202c\\u200b\\ufeff\\u2066x\\u2069!';

const server = seededServerForFile();
let projectId: string;
beforeAll(async () => {
  const client = createApiClient({ baseUrl: server.url, token: TESTER_KEY });
  projectId = (await client.createProject({ name: NAME, organization_id: 'org_demo' })).id;
});

const env = () => ({ DOMAINCTL_BASE_URL: server.url, DOMAINCTL_TOKEN: TESTER_KEY });

describe('bidi controls and zero-width characters in what the API says', () => {
  it('api request shows them escaped, as text and as --json, and the JSON parses back', async () => {
    for (const args of [[], ['--json']]) {
      const result = await runCli(['api', 'request', 'GET', `/v1/projects/${projectId}`, ...args], {
        env: env(),
      });
      expect(result.stderr).toBe('');
      expect(result.code).toBe(0);
      expect(result.stdout).toContain(`"name":${args.length ? '' : ' '}"${NAME_SHOWN}"`);
      expect(result.stdout).not.toMatch(RAW_INVISIBLE);
      expect((JSON.parse(result.stdout) as { name: string }).name).toBe(NAME);
    }
  });
});
