import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test as base } from 'vitest';
import { type CliResult, type RunOptions, runBin } from './cli.js';
import { startTestServer, TESTER_KEY, type TestServer } from './server.js';
import { renderApp, type RenderAppOptions, type UiHandle } from './ui.js';

/**
 * The shared set-up of the tests, as vitest fixtures: a test names what it needs in its first
 * argument, gets it ready, and it is ended after the test (or the file) without a hook of its own.
 *
 * - `server`: the file's seeded reference server (startTestServer), started when the first test
 *   or hook of the file asks for it and closed after the file's last test.
 * - `renderUi`: renders the whole app (renderApp); every app it rendered is unmounted, and its
 *   services shut down, once the test is over.
 * - `bin`: runs the built bin in a process of its own (runBin), for the tests whose point is
 *   the process: signals, a closed pipe, the bundle, Node's own variables, how it exits.
 * - `configDir`: a fresh DOMAINCTL_CONFIG_DIR for the test that outlives each app rendered in it
 *   (as a user's does between runs), so the test can read the files written there or open the
 *   app on it again; removed after the test, once every app is unmounted.
 * - `openRaw`: the app on the file's server as the demo tester (prj_demo_scale) in `configDir`,
 *   on the raw request screen; its options are renderUi's, its flags added to those.
 */
export const test = base
  .extend('server', { scope: 'file' }, async ({}, { onCleanup }) => {
    const server = await startTestServer();
    onCleanup(() => server.close());
    return server;
  })
  .extend('renderUi', async ({}, { onCleanup }) => {
    const rendered: UiHandle[] = [];
    onCleanup(async () => {
      for (const ui of rendered.splice(0)) await ui.cleanup();
    });
    return async (options?: RenderAppOptions): Promise<UiHandle> => {
      const ui = await renderApp(options);
      rendered.push(ui);
      return ui;
    };
  })
  .extend(
    'bin',
    async () =>
      (args: readonly string[], options?: RunOptions): Promise<CliResult> =>
        runBin(args, options),
  )
  .extend('configDir', async ({}, { onCleanup }) => {
    const dir = mkdtempSync(join(tmpdir(), 'domainctl-ui-'));
    onCleanup(() => rmSync(dir, { recursive: true, force: true }));
    return dir;
  })
  // configDir is named first so that it is set up first and so removed last: after renderUi has
  // unmounted the apps that write there.
  .extend(
    'openRaw',
    async ({ configDir, server, renderUi }) =>
      async (options: RenderAppOptions = {}): Promise<UiHandle> => {
        const ui = await renderUi({
          configDir,
          ...options,
          flags: {
            baseUrl: server.url,
            token: TESTER_KEY,
            project: 'prj_demo_scale',
            ...options.flags,
          },
        });
        await ui.waitForFrame('HOST NAME');
        await ui.press('x');
        await ui.waitForFrame('Raw request');
        return ui;
      },
  );

export const it = test;

/**
 * The file's seeded server (the `server` fixture) for the code around its tests: a file's own
 * helpers (`domains(args)`, `serverAnswer(path)`) read it as a plain value. Its fields are there
 * once the file's first hook has run, so tests and hooks read them, never the file's top level.
 * It is this module's `test`'s server: a file that extends `test` with fixtures of its own gets
 * another server in its tests (a file-scoped fixture is one per test API), so it reads `server`
 * from its tests' context instead.
 */
export function seededServerForFile(): TestServer {
  const handle = {} as TestServer;
  test.beforeAll(({ server }) => {
    Object.assign(handle, server);
  });
  return handle;
}
