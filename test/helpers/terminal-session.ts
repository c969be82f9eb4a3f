import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, type TestContext } from 'vitest';
import { startTestServer, type TestServer } from './server.js';
import { startTerminal, type Terminal } from './tmux.js';

/** The repository's root: end-to-end tests run the built bin from there. */
export const repoRoot = fileURLToPath(new URL('../..', import.meta.url));

export interface TerminalSession {
  server: TestServer;
  configDir: string;
  term: Terminal;
}

/**
 * One end-to-end test file's set-up: a seeded server, a config folder of its own and a tmux
 * terminal of a fixed size, started before the file's tests and ended after them. The fields are
 * set once the file's beforeAll has run, so tests read them from the returned object.
 */
export function terminalSessionForFile(options: {
  name: string;
  columns: number;
  rows: number;
}): TerminalSession {
  const session = {} as TerminalSession;
  beforeAll(async () => {
    session.server = await startTestServer();
    session.configDir = mkdtempSync(join(tmpdir(), `domainctl-${options.name}-`));
    session.term = startTerminal({ ...options, env: { DOMAINCTL_CONFIG_DIR: session.configDir } });
  });
  afterAll(async () => {
    session.term?.kill();
    await session.server?.close();
    if (session.configDir) rmSync(session.configDir, { recursive: true, force: true });
  });
  return session;
}

/**
 * A terminal of its own for one test, on the file's server and config folder, in the repository's
 * root, ended when the test ends: for tests that run together (`describe.concurrent`), which
 * cannot share one screen. `onTestFinished` is the test's own, from its context.
 */
export function terminalForTest(
  session: TerminalSession,
  onTestFinished: TestContext['onTestFinished'],
  options: { name: string; columns: number; rows: number },
): Terminal {
  const term = startTerminal({
    ...options,
    cwd: repoRoot,
    env: { DOMAINCTL_CONFIG_DIR: session.configDir },
  });
  onTestFinished(() => term.kill());
  return term;
}
