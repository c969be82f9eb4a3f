import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Database, DatabasePage, Domain, DomainPage, Project } from '../../src/contract/schemas.js';
import { seedDemo } from '../../src/server/seed.js';
import { openSqliteStore, SqliteStore } from '../../src/server/sqlite/sqlite-store.js';
import { type ApiResponse, api } from '../helpers/api.js';
import { spawnServe } from '../helpers/serve-process.js';
import { startTestServer, TESTER_KEY, type TestServer } from '../helpers/server.js';
import { sqliteDriverCases, sqliteStoreOf } from '../helpers/sqlite.js';

let dir: string;
let dbPath: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'domainctl-durability-'));
  dbPath = join(dir, 'nested', 'api.db');
});
afterEach(() => {
  rmSync(dir, { recursive: true, force: true });
});

const allDomains = async (server: { url: string }, projectId = 'prj_demo_scale') => {
  const res = await api(server, 'GET', `/v1/projects/${projectId}/domains?page_size=100`, {
    key: TESTER_KEY,
  });
  expect(res.status).toBe(200);
  return DomainPage.parse(res.json).domains;
};
const allDatabases = async (server: { url: string }, projectId: string) => {
  const res = await api(server, 'GET', `/v1/projects/${projectId}/databases?page_size=100`, {
    key: TESTER_KEY,
  });
  return DatabasePage.parse(res.json).databases;
};

/** Every row of every table: the whole state of a database file. */
function dump(store: SqliteStore): Record<string, unknown[]> {
  const tables = store.db
    .prepare<[], string>(
      "SELECT name FROM sqlite_schema WHERE type = 'table' ORDER BY name",
      'first-column',
    )
    .all();
  return Object.fromEntries(
    tables.map((t) => [t, store.db.prepare(`SELECT * FROM "${t}" ORDER BY 1, 2`).all()]),
  );
}

// Durability is the driver's business as much as ours: everything here runs on each of them.
for (const { driver, unavailable, title } of await sqliteDriverCases()) {
  describe.skipIf(unavailable !== undefined)(title, () => {
    const env = { DOMAINCTL_SQLITE_DRIVER: driver };
    const startServer = (options: Parameters<typeof startTestServer>[0]) =>
      startTestServer({ sqliteDriver: driver, ...options });
    const openStore = (path: string) => openSqliteStore(path, { driver });

    describe('a restart on the same --db file', () => {
      it('keeps every acknowledged write: domains, databases, projects, deletions', async () => {
        let server: TestServer = await startServer({ db: dbPath });
        const added = await Promise.all(
          ['one', 'two', 'three', 'four', 'five'].map(async (name) => {
            const res = await api(server, 'POST', '/v1/projects/prj_demo_scale/domains', {
              key: TESTER_KEY,
              body: { domain: `${name}.durable.example` },
            });
            expect(res.status).toBe(201);
            return Domain.parse(res.json);
          }),
        );
        const enterpriseDomain = Domain.parse(
          (
            await api(server, 'POST', '/v1/projects/prj_demo_enterprise/domains', {
              key: TESTER_KEY,
              body: { domain: 'ent.durable.example' },
            })
          ).json,
        );
        const database = Database.parse(
          (
            await api(server, 'POST', '/v1/projects/prj_demo_enterprise/databases', {
              key: TESTER_KEY,
              body: { name: 'kept' },
            })
          ).json,
        );
        const deleted = await api(
          server,
          'DELETE',
          '/v1/projects/prj_demo_scale/databases/db_demo_main',
          {
            key: TESTER_KEY,
          },
        );
        expect(deleted.status).toBe(200);
        const project = Project.parse(
          (
            await api(server, 'POST', '/v1/projects', {
              key: TESTER_KEY,
              body: { name: 'Durable', organization_id: 'org_demo' },
            })
          ).json,
        );
        const before = await allDomains(server);
        await server.close();

        // Reopened without --seed: everything is read back from the file.
        server = await startServer({ db: dbPath, seed: undefined });
        try {
          const after = await allDomains(server);
          expect(after).toEqual(before);
          expect(after).toHaveLength(45 + added.length);
          for (const domain of added) expect(after).toContainEqual(domain);
          expect(await allDomains(server, 'prj_demo_enterprise')).toEqual([enterpriseDomain]);
          expect(await allDatabases(server, 'prj_demo_enterprise')).toEqual([database]);
          expect((await allDatabases(server, 'prj_demo_scale')).map((d) => d.id)).toEqual([
            'db_demo_analytics',
          ]);
          const got = await api(server, 'GET', `/v1/projects/${project.id}`, { key: TESTER_KEY });
          expect(got.json).toEqual(project);
          // The unique index came back too.
          const again = await api(server, 'POST', '/v1/projects/prj_demo_enterprise/domains', {
            key: TESTER_KEY,
            body: { domain: 'one.durable.example' },
          });
          expect(again.status).toBe(409);
        } finally {
          await server.close();
        }
      });

      it('with --seed demo again, seeds nothing back that was deleted and changes nothing else', async () => {
        let server = await startServer({ db: dbPath });
        const deleted = await api(
          server,
          'DELETE',
          '/v1/projects/prj_demo_scale/databases/db_demo_main',
          {
            key: TESTER_KEY,
          },
        );
        expect(deleted.status).toBe(200);
        const before = dump(sqliteStoreOf(server));
        await server.close();

        server = await startServer({ db: dbPath, seed: 'demo' });
        try {
          expect(dump(sqliteStoreOf(server))).toEqual(before);
          expect((await allDatabases(server, 'prj_demo_scale')).map((d) => d.id)).toEqual([
            'db_demo_analytics',
          ]);
        } finally {
          await server.close();
        }
      });

      it('keeps what was acknowledged even when the process is killed (SIGKILL, no clean close)', async () => {
        const serve = await spawnServe(['--port', '0', '--db', dbPath, '--seed', 'demo'], { env });
        const acknowledged: Domain[] = [];
        try {
          for (let i = 0; i < 10; i++) {
            const res = await api(serve, 'POST', '/v1/projects/prj_demo_enterprise/domains', {
              key: TESTER_KEY,
              body: { domain: `crash-${i}.durable.example` },
            });
            expect(res.status).toBe(201);
            acknowledged.push(Domain.parse(res.json));
          }
        } finally {
          serve.child.kill('SIGKILL');
        }
        expect((await serve.exited).signal).toBe('SIGKILL');

        const server = await startServer({ db: dbPath, seed: undefined });
        try {
          expect(await allDomains(server, 'prj_demo_enterprise')).toEqual(
            [...acknowledged].reverse(),
          );
        } finally {
          await server.close();
        }
      });

      it('keeps every acknowledged add when killed (SIGKILL) while concurrent adds are in flight', async () => {
        const serve = await spawnServe(['--port', '0', '--db', dbPath, '--seed', 'demo'], { env });
        const hosts = Array.from({ length: 40 }, (_, i) => `concurrent-${i}.durable.example`);
        const acknowledged: Domain[] = [];
        const answers: ApiResponse[] = [];
        // The kill comes with the tenth 201, while the other adds are still being sent or written.
        await Promise.all(
          hosts.map(async (domain) => {
            let res: ApiResponse;
            try {
              res = await api(serve, 'POST', '/v1/projects/prj_demo_enterprise/domains', {
                key: TESTER_KEY,
                body: { domain },
              });
            } catch {
              return; // The connection died with the process: not acknowledged, nothing promised.
            }
            answers.push(res);
            if (res.status !== 201) return;
            acknowledged.push(Domain.parse(res.json));
            if (acknowledged.length === 10) serve.child.kill('SIGKILL');
          }),
        );
        serve.child.kill('SIGKILL');
        expect((await serve.exited).signal).toBe('SIGKILL');
        expect(answers.map((a) => a.status).filter((s) => s !== 201)).toEqual([]);
        expect(acknowledged.length).toBeGreaterThanOrEqual(10);

        const server = await startServer({ db: dbPath, seed: undefined });
        try {
          const stored = await allDomains(server, 'prj_demo_enterprise');
          for (const domain of acknowledged) expect(stored).toContainEqual(domain);
          // Whatever else is there is whole: one of the adds that was sent, never a torn row.
          for (const domain of stored) expect(hosts).toContain(domain.domain);
        } finally {
          await server.close();
        }
      });
    });

    describe('the database file', () => {
      it('is in WAL mode with synchronous FULL, at the current schema version', async () => {
        const store = await openStore(join(dir, 'pragmas.db'));
        try {
          expect(store.db.driver).toBe(driver);
          expect(store.db.pragma('journal_mode')).toBe('wal');
          // 2 is FULL.
          expect(store.db.pragma('synchronous')).toBe(2);
          expect(store.db.pragma('user_version')).toBe(SqliteStore.schemaVersion);
          expect(store.db.pragma('foreign_keys')).toBe(1);
        } finally {
          await store.close();
        }
      });

      it('written by a newer domainctl is refused, not misread', async () => {
        const path = join(dir, 'newer.db');
        const store = await openStore(path);
        store.db.pragma(`user_version = ${SqliteStore.schemaVersion + 1}`);
        await store.close();
        await expect(openStore(path)).rejects.toThrow(/newer than this domainctl understands/);
      });

      it('stores API keys only as SHA-256 hashes', async () => {
        const store = await openStore(':memory:');
        try {
          await seedDemo(store);
          const text = JSON.stringify(dump(store));
          expect(text).not.toContain('dk_demo_tester');
          expect(text).not.toContain('dk_demo_outsider');
          const hashes = store.db
            .prepare<[], string>('SELECT key_hash FROM api_keys', 'first-column')
            .all();
          expect(hashes).toHaveLength(2);
          for (const hash of hashes) expect(hash).toMatch(/^[0-9a-f]{64}$/);
        } finally {
          await store.close();
        }
      });
    });

    describe('seeding', () => {
      it('twice is the same as once: the same rows, the same counts', async () => {
        const store = await openStore(':memory:');
        try {
          expect(await seedDemo(store)).toBe(true);
          const once = dump(store);
          expect(await seedDemo(store, new Date(Date.now() + 86_400_000))).toBe(false);
          expect(dump(store)).toEqual(once);
          const count = (table: string) =>
            store.db.prepare<[], number>(`SELECT count(*) FROM ${table}`, 'first-column').get();
          expect({
            organizations: count('organizations'),
            projects: count('projects'),
            domains: count('domains'),
            databases: count('databases'),
            api_keys: count('api_keys'),
            regions: count('regions'),
          }).toEqual({
            organizations: 2,
            projects: 4,
            domains: 45,
            databases: 2,
            api_keys: 2,
            regions: 3,
          });
        } finally {
          await store.close();
        }
      });

      it('twice through serve --seed demo on one file gives the same counts', async () => {
        const first = await startServer({ db: dbPath });
        const once = dump(sqliteStoreOf(first));
        await first.close();
        const second = await startServer({ db: dbPath });
        try {
          expect(dump(sqliteStoreOf(second))).toEqual(once);
        } finally {
          await second.close();
        }
      });
    });
  });
}
