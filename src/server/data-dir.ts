import { homedir } from 'node:os';
import { join } from 'node:path';
import { currentIo } from '../core/io.js';

/** Where `serve` keeps its database by default: the platform's per-user data directory. */
export function defaultDataDir(env: NodeJS.ProcessEnv = currentIo().env): string {
  if (process.platform === 'darwin')
    return join(homedir(), 'Library', 'Application Support', 'domainctl');
  if (process.platform === 'win32') {
    return join(env.LOCALAPPDATA ?? join(homedir(), 'AppData', 'Local'), 'domainctl', 'Data');
  }
  return join(env.XDG_DATA_HOME || join(homedir(), '.local', 'share'), 'domainctl');
}
