import { homeDir } from '../core/home-dir.js';
import { join } from 'node:path';
import { currentIo } from '../core/io.js';

/**
 * Where the profiles live: DOMAINCTL_CONFIG_DIR, else the platform's per-user config directory
 * (the one conf would pick for `projectName: 'domainctl'`). Computed here rather than left to conf
 * so that an error about the file can always name it.
 */
export function configDir(env: NodeJS.ProcessEnv = currentIo().env): string {
  if (env.DOMAINCTL_CONFIG_DIR) return env.DOMAINCTL_CONFIG_DIR;
  if (process.platform === 'darwin')
    return join(homeDir(env), 'Library', 'Preferences', 'domainctl');
  if (process.platform === 'win32') {
    return join(env.APPDATA || join(homeDir(env), 'AppData', 'Roaming'), 'domainctl', 'Config');
  }
  return join(env.XDG_CONFIG_HOME || join(homeDir(env), '.config'), 'domainctl');
}

export const CONFIG_FILE_NAME = 'config.json';
