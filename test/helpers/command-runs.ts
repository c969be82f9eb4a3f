import { expect } from 'vitest';
import { type CliResult, type RunOptions, runCli, tempConfigDir } from './cli.js';
import { TESTER_KEY, type TestServer } from './server.js';

/** What profileHome gives: the config folder, and runCli with DOMAINCTL_CONFIG_DIR set to it. */
export interface ProfileHome {
  dir: string;
  run(args: readonly string[], options?: RunOptions): Promise<CliResult>;
}

/**
 * A fresh config folder holding one profile (`local` unless named) on the seeded server: its
 * tester key, given as `profile add --token-stdin` takes it, and prj_demo_scale. It is made with
 * the command itself, as a user makes one, so the files are the program's own.
 */
export async function profileHome(server: TestServer, profile = 'local'): Promise<ProfileHome> {
  const dir = tempConfigDir();
  const run = (args: readonly string[], options: RunOptions = {}) =>
    runCli(args, { ...options, env: { DOMAINCTL_CONFIG_DIR: dir, ...options.env } });
  const added = await run(
    [
      'profile',
      'add',
      profile,
      '--base-url',
      server.url,
      '--token-stdin',
      '--project',
      'prj_demo_scale',
    ],
    { input: TESTER_KEY },
  );
  expect(added.code, added.stderr).toBe(0);
  return { dir, run };
}

/** Runs a command and checks the server saw no request while it ran. */
export async function sendsNothing(
  server: TestServer,
  run: () => Promise<CliResult>,
): Promise<CliResult> {
  const before = server.requests.length;
  const result = await run();
  expect(server.requests.slice(before)).toEqual([]);
  return result;
}
