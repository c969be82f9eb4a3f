import { defineConfig } from 'vitest/config';

// `npm run test:quick`: the tests that need nothing but Node — no server, no process, no tool,
// not even the build — for the edit loop (docs/development.md). A file that starts any of those
// belongs to the whole suite only (`npm test`), which runs these too.
export default defineConfig({
  test: {
    name: 'quick',
    setupFiles: ['test/setup.ts'],
    include: [
      'test/core/**/*.test.ts',
      'test/contract/**/*.test.ts',
      'test/config/**/*.test.ts',
      'test/lint/**/*.test.ts',
      'test/client/paging.test.ts',
      'test/client/prepare-request.test.ts',
      'test/build/allow-scripts.test.ts',
      'test/build/install-advice.test.ts',
      'test/docs/scripting-guide.test.ts',
    ],
    exclude: [
      // They run named-checkzone, bash, a fake API server.
      'test/core/records.test.ts',
      'test/core/request-format.test.ts',
      'test/contract/fake-api.test.ts',
    ],
    testTimeout: 20_000,
    isolate: false,
  },
});
