import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { Domain, DomainPage } from '../../src/contract/schemas.js';
import { type ApiResponse, api, expectError } from '../helpers/api.js';
import { seededServerForFile } from '../helpers/fixtures.js';
import { type ServeProcess, spawnServe } from '../helpers/serve-process.js';
import { TESTER_KEY } from '../helpers/server.js';
import { queryRows, STORE_NAME } from '../helpers/store.js';

const PROJECTS = ['prj_demo_scale', 'prj_demo_enterprise'] as const;

const server = seededServerForFile();

/** 25 adds of one host name at once, alternating between the two projects (and servers). */
function race(servers: { url: string }[], spellings: (i: number) => string) {
  return Promise.all(
    Array.from({ length: 25 }, (_, i) =>
      api(
        servers[i % servers.length] as { url: string },
        'POST',
        `/v1/projects/${PROJECTS[i % 2]}/domains`,
        {
          key: TESTER_KEY,
          body: { domain: spellings(i) },
        },
      ),
    ),
  );
}

function expectOneWinner(results: ApiResponse[], host: string): Domain {
  const statuses = results.map((r) => r.status);
  expect(statuses.filter((s) => s === 201)).toHaveLength(1);
  expect(statuses.filter((s) => s === 409)).toHaveLength(24);
  for (const loser of results.filter((r) => r.status === 409)) {
    expect(expectError(loser, 409, 'domain_already_exists')).toBe(`${host} is already registered`);
  }
  const winner = Domain.parse(results.find((r) => r.status === 201)?.json);
  expect(winner.domain).toBe(host);
  return winner;
}

async function holders(s: { url: string }, host: string) {
  const found: string[] = [];
  for (const projectId of PROJECTS) {
    const res = await api(s, 'GET', `/v1/projects/${projectId}/domains?page_size=100`, {
      key: TESTER_KEY,
    });
    for (const d of DomainPage.parse(res.json).domains)
      if (d.domain === host) found.push(projectId);
  }
  return found;
}

describe('25 concurrent adds of one host name across two projects', () => {
  it('give exactly one 201 and 24 409s, and one stored row', async () => {
    const results = await race([server], () => 'race.example.com');
    const winner = expectOneWinner(results, 'race.example.com');
    expect(await holders(server, 'race.example.com')).toEqual([winner.project_id]);
    const rows = await queryRows(
      server,
      "SELECT count(*) AS n FROM domains WHERE domain = 'race.example.com'",
    );
    expect(Number(rows[0]?.n)).toBe(1);
  });

  it('the same when every request spells the name differently', async () => {
    const spellings = [
      'Mixed.Example.com',
      'mixed.example.com.',
      ' MIXED.EXAMPLE.COM ',
      'mixed.Example.Com',
    ];
    const results = await race([server], (i) => spellings[i % spellings.length] as string);
    expectOneWinner(results, 'mixed.example.com');
  });

  it(`the same across two server processes on one ${STORE_NAME} database`, async () => {
    const dir = mkdtempSync(join(tmpdir(), 'domainctl-race-'));
    const db = join(dir, 'api.db');
    const servers: ServeProcess[] = [];
    try {
      servers.push(await spawnServe(['--port', '0', '--db', db, '--seed', 'demo']));
      servers.push(await spawnServe(['--port', '0', '--db', db, '--seed', 'demo']));
      const results = await race(servers, () => 'two-processes.example.com');
      const winner = expectOneWinner(results, 'two-processes.example.com');
      // Both processes see the one winner.
      for (const s of servers)
        expect(await holders(s, 'two-processes.example.com')).toEqual([winner.project_id]);
    } finally {
      for (const s of servers) s.child.kill('SIGTERM');
      for (const s of servers) expect((await s.exited).code).toBe(0);
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
