import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';
import { toolTags } from './test/helpers/tools.js';

const common = {
  setupFiles: ['test/setup.ts'],
  testTimeout: 20_000,
  hookTimeout: 30_000,
  // A worker runs file after file with the modules it has loaded (Ink, React, Hono, zod, the
  // SQLite driver): loading them again for every file was half of the suite's CPU time. What a
  // file could leave to the next is kept apart otherwise: every file starts its own servers
  // (test/helpers/fixtures.ts), its config folders are removed after it and the environment is
  // pinned again before it (test/setup.ts), a command runs through main() with streams and an
  // environment of its own, src/ keeps no state between runs but memos, and mocks, spies and
  // fake timers are refused by the lint.
  isolate: false,
};

export default defineConfig({
  test: {
    // The tests whose point is the process (runBin, serve, tmux) spawn the built bin: build once,
    // before any test runs, so none runs stale.
    // The root's global setup runs once, whichever projects run.
    globalSetup: ['test/global-setup.ts'],
    // A tag for each program outside npm that tests drive (tmux, dnsmasq, BIND, Caddy, …): where
    // one is missing, the tests tagged with it are skipped, and the run ends with one list of
    // them (the reporter; `--reporter` on the command line replaces both). test/helpers/tools.ts
    tags: toolTags(),
    reporters: ['default', './test/helpers/missing-tools-reporter.ts'],
    // Most files spend their time waiting (for a server, a DNS answer, a deadline, a frame): with
    // one worker a core, two cores were busy 42% of the run (157 CPU-seconds in 185 s); four
    // workers keep them busy and the run takes 123 s. vitest's own default leaves a core idle.
    maxWorkers: Math.max(4, availableParallelism()),
    projects: [
      { test: { ...common, name: 'sqlite', include: ['test/**/*.test.{ts,tsx}'] } },
      {
        // The server's tests again, on PostgreSQL: the test helpers give every test server a
        // fresh database in a cluster this project starts, so a server test added later runs on
        // both stores without a line of its own.
        test: {
          ...common,
          name: 'postgres',
          include: ['test/server/**/*.test.ts'],
          // About SQLite itself: its two drivers and its file on disk. PostgreSQL's own
          // equivalents (plans, migrations, outages) are in test/server/postgres.test.ts.
          // The OpenAPI lint is about the document, which no store changes.
          exclude: [
            'test/server/sqlite-driver.test.ts',
            'test/server/durability.test.ts',
            'test/server/openapi-lint.test.ts',
          ],
          env: { DOMAINCTL_TEST_STORE: 'postgres' },
          globalSetup: ['test/postgres-setup.ts'],
        },
      },
    ],
  },
});
