import { join } from 'node:path';
import { platformDataDir } from '../core/data-dir.js';
import { currentIo } from '../core/io.js';
import { configDir } from './config-dir.js';

/**
 * Where domainctl keeps what it learns as it runs (the request history), apart from the
 * settings: DOMAINCTL_DATA_DIR; else, when DOMAINCTL_CONFIG_DIR moves the settings (a sandbox,
 * a test), a `data` folder inside it, so one variable keeps a run away from the user's own
 * files; else the platform's data directory (XDG_DATA_HOME or ~/.local/share, then domainctl).
 */
export function dataDir(env: NodeJS.ProcessEnv = currentIo().env): string {
  if (env.DOMAINCTL_DATA_DIR) return env.DOMAINCTL_DATA_DIR;
  if (env.DOMAINCTL_CONFIG_DIR) return join(env.DOMAINCTL_CONFIG_DIR, 'data');
  return platformDataDir(env);
}

/**
 * Where saved requests live: `--requests-dir`, else DOMAINCTL_REQUESTS_DIR, else `requests`
 * in the config directory (~/.config/domainctl/requests), a folder meant to be put in git.
 */
export function requestsDir(
  flag: string | undefined,
  env: NodeJS.ProcessEnv = currentIo().env,
): string {
  return flag || env.DOMAINCTL_REQUESTS_DIR || join(configDir(env), 'requests');
}
