import { homedir } from 'node:os';

/**
 * The user's home directory as the run's environment gives it (HOME; USERPROFILE on Windows),
 * else the operating system's answer. Not os.homedir() alone: that reads the process's own
 * environment, and a run given an environment of its own (main()'s io) must find its files there.
 */
export function homeDir(env: NodeJS.ProcessEnv): string {
  const own = process.platform === 'win32' ? env.USERPROFILE : env.HOME;
  return own || homedir();
}
