import { homedir } from 'node:os';
import { join } from 'node:path';
import { currentIo } from './io.js';

/**
 * The platform's per-user data directory for domainctl (XDG_DATA_HOME or ~/.local/share on
 * Linux): where `serve` keeps its database by default, and, unless a variable moves it, the
 * request history (config/data-dir.ts).
 */
export function platformDataDir(env: NodeJS.ProcessEnv = currentIo().env): string {
  if (process.platform === 'darwin')
    return join(homedir(), 'Library', 'Application Support', 'domainctl');
  if (process.platform === 'win32') {
    return join(env.LOCALAPPDATA ?? join(homedir(), 'AppData', 'Local'), 'domainctl', 'Data');
  }
  return join(env.XDG_DATA_HOME || join(homedir(), '.local', 'share'), 'domainctl');
}
