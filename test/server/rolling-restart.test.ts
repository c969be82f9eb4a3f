import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { HAPROXY_CONFIG, rollingRestart } from '../../scripts/bench/rolling-restart.mjs';
import { createDatabase, dropDatabase, onPostgres } from '../helpers/store.js';

// Two instances on one PostgreSQL database behind HAProxy, with the configuration the server
// guide shows (examples/haproxy.cfg, health checks on /readyz), restarted one after the other under a
// load of reads and adds: an operator's routine, which must cost no request and no add.

const title = (what: string) =>
  onPostgres ? what : `${what} (skipped: PostgreSQL only; the postgres project runs it)`;

const rollingTitle = title('a rolling restart behind HAProxy');

describe.skipIf(!onPostgres)(rollingTitle, { tags: onPostgres ? ['haproxy'] : [] }, () => {
  it('fails no request (no 5xx, no reset) and loses no acknowledged add', async () => {
    const db = await createDatabase();
    try {
      const result = await rollingRestart({ db, drainGrace: 2 });
      expect(result.failed, JSON.stringify(result.statuses)).toBe(0);
      expect(result.errors).toBe(0);
      expect(result.timeouts).toBe(0);
      expect(Object.keys(result.statuses).sort()).toEqual(['200', '201']);
      // The load went on through both restarts, adds included.
      expect(result.acknowledged).toBeGreaterThan(100);
      expect(result.unread).toBe(0);
      expect(result.missing).toEqual([]);
      // Each instance stopped by SIGTERM exited by itself, with 0: its drain ran to its end.
      expect(
        result.stopped.map(({ instance, code, signal }) => ({ instance, code, signal })),
        result.stopped.map((s) => s.stderr).join('\n'),
      ).toEqual([
        { instance: 'a', code: 0, signal: null },
        { instance: 'b', code: 0, signal: null },
      ]);
    } finally {
      await dropDatabase(db);
    }
  }, 90_000);
});

describe('the HAProxy configuration', () => {
  it('is shown in the server guide as it is committed', () => {
    const guide = readFileSync(new URL('../../docs/server.md', import.meta.url), 'utf8');
    const config = readFileSync(HAPROXY_CONFIG, 'utf8');
    const body = config.slice(config.indexOf('global')).trimEnd();
    expect(guide).toContain(`\`\`\`\n${body}\n\`\`\``);
  });
});
