import { beforeAll, describe, expect, it } from 'vitest';
import { api, expectError } from '../helpers/api.js';
import { runCliBytes } from '../helpers/cli.js';
import { seededServerForFile } from '../helpers/fixtures.js';
import { EVIL, evil, expectNothingObeyed, shown } from '../helpers/hostile.js';
import { PLANTED_PROJECT, plantHostileRows } from '../helpers/planted.js';
import { TESTER_KEY } from '../helpers/server.js';

// The real reference server: a name with escape sequences is refused when it comes through the
// API, and one already in the database is printed by every command with its controls escaped.

const server = seededServerForFile();
beforeAll(async () => {
  await plantHostileRows(server);
});

/** Runs a command against the server; nothing it writes may be obeyed by a terminal. */
async function safely(args: string[]) {
  const result = await runCliBytes(args, {
    env: {
      DOMAINCTL_BASE_URL: server.url,
      DOMAINCTL_TOKEN: TESTER_KEY,
      DOMAINCTL_PROJECT: PLANTED_PROJECT,
    },
  });
  expectNothingObeyed(result.stdout);
  expectNothingObeyed(result.stderr);
  return { stdout: result.stdout.toString(), stderr: result.stderr.toString(), code: result.code };
}

describe('names with escape sequences, through the reference server', () => {
  it('are refused when a project or a database is created with one (400)', async () => {
    const project = await api(server, 'POST', '/v1/projects', {
      key: TESTER_KEY,
      body: { name: evil('Evil Corp'), organization_id: 'org_demo' },
    });
    expect(expectError(project, 400, 'invalid_request')).toMatch(/^name must not contain control/);
    const database = await api(server, 'POST', `/v1/projects/${PLANTED_PROJECT}/databases`, {
      key: TESTER_KEY,
      body: { name: `db${EVIL}` },
    });
    expectError(database, 400, 'invalid_request');
    // Refused, not stored: the CLI sees the planted project only.
    const list = await safely(['api', 'request', 'GET', '/v1/projects', '--json']);
    const names = (JSON.parse(list.stdout) as { projects: { name: string }[] }).projects.map(
      (p) => p.name,
    );
    expect(names).not.toContain(evil('Evil Corp'));
  });

  it('api request prints a stored one escaped, text and --json, and parses back to it', async () => {
    for (const args of [[], ['--json']]) {
      const project = await safely(['api', 'request', 'GET', '/v1/projects/{project_id}', ...args]);
      expect(project.code).toBe(0);
      expect(project.stdout).toContain('Planted\\u001b]2;pwned\\u0007\\u001b]52;c;');
      expect(project.stdout).toContain('\\u009b31m\\u009d0;t\\u009c');
      expect(JSON.parse(project.stdout).name).toBe(evil('Planted'));

      const databases = await safely([
        'api',
        'request',
        'GET',
        '/v1/projects/{project_id}/databases',
        ...args,
      ]);
      expect(databases.code).toBe(0);
      expect(JSON.parse(databases.stdout).databases[0].name).toBe(evil('warehouse'));
    }
  });

  it('domains list shows a stored host name escaped in its table, and as JSON', async () => {
    const table = await safely(['domains', 'list']);
    expect(table.code).toBe(0);
    expect(table.stdout).toContain(`${shown('planted.example.com')}  pending`);
    const json = await safely(['domains', 'list', '--json']);
    expect(JSON.parse(json.stdout).domains[0].domain).toBe(evil('planted.example.com'));
  });
});
