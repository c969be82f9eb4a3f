import { homeDir } from './home-dir.js';
import { join } from 'node:path';
import { currentIo } from './io.js';

/**
 * The platform's per-user data directory for domainctl (XDG_DATA_HOME or ~/.local/share on
 * Linux): where `serve` keeps its database by default, and, unless a variable moves it, the
 * request history (config/data-dir.ts).
 */
export function platformDataDir(env: NodeJS.ProcessEnv = currentIo().env): string {
  if (process.platform === 'darwin')
    return join(homeDir(env), 'Library', 'Application Support', 'domainctl');
  if (process.platform === 'win32') {
    return join(env.LOCALAPPDATA ?? join(homeDir(env), 'AppData', 'Local'), 'domainctl', 'Data');
  }
  return join(env.XDG_DATA_HOME || join(homeDir(env), '.local', 'share'), 'domainctl');
}
