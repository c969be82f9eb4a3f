import { defineConfig } from 'vitest/config';

const common = {
  setupFiles: ['test/setup.ts'],
  testTimeout: 20_000,
  hookTimeout: 30_000,
};

export default defineConfig({
  test: {
    // Command tests spawn the built bin: build once, before any test runs, so none runs stale.
    // The root's global setup runs once, whichever projects run.
    globalSetup: ['test/global-setup.ts'],
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
