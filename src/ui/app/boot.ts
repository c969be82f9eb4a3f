import { resolveDnsServer } from '../../config/dns-server.js';
import { createQueryClient } from '../queries/query-client.js';
import type { GlobalFlags } from '../../config/resolve.js';
import { resolveMaxResponseBytes, resolveOptions } from '../../config/resolve.js';
import type { AppProps } from './App.js';
import { DEFAULT_WATCH_INTERVAL_MS } from './watch-defaults.js';
import { firstRoutes } from './navigation.js';
import { createServices } from './services.js';
import { createSession, DEMO_PROFILE } from './session.js';

export interface BootOptions {
  /** `domainctl demo`: an in-process reference server and a profile that lives in memory. */
  demo?: boolean;
  env?: NodeJS.ProcessEnv;
}

/**
 * Everything the app needs before its first frame: who we are (flag > env > profile, as for
 * every command), the services, and the first screens. `runUi` and the UI tests both start here.
 */
export async function bootUi(flags: GlobalFlags, options: BootOptions = {}): Promise<AppProps> {
  const env = options.env ?? process.env;
  const color = flags.color !== false && !env.NO_COLOR;
  // The d check's DNS server: DOMAINCTL_DNS_SERVER, as for `domains check`. A bad value stops
  // the UI before it starts (exit code 2), as a bad --dns-server stops the command.
  const dnsServer = resolveDnsServer(undefined, env);
  // The same response-size limit as the commands'; a bad DOMAINCTL_MAX_RESPONSE_SIZE stops the UI
  // before it starts, as it stops a command.
  const maxResponseBytes = resolveMaxResponseBytes(flags, env);
  const requestsDir = flags.requestsDir || undefined;
  const watch = {
    intervalMs: (flags.watchInterval ?? DEFAULT_WATCH_INTERVAL_MS / 1000) * 1000,
    bell: flags.bell === true,
  };
  if (options.demo) {
    const services = createServices({ env, dnsServer, maxResponseBytes, requestsDir });
    const demo = await services.startDemo();
    const session = createSession(services, {
      profileName: DEMO_PROFILE,
      ephemeral: true,
      baseUrl: demo.baseUrl,
      token: demo.token,
      project: flags.project,
      org: flags.org,
    });
    return {
      services,
      session,
      routes: firstRoutes(session),
      color,
      watch,
      queryClient: createQueryClient(),
    };
  }
  const resolved = resolveOptions(flags, env);
  const services = createServices({
    store: resolved.store,
    env,
    dnsServer,
    maxResponseBytes,
    requestsDir,
  });
  if (!resolved.baseUrl)
    return {
      services,
      routes: [{ name: 'welcome' }],
      color,
      watch,
      queryClient: createQueryClient(),
    };
  const session = createSession(services, {
    profileName: resolved.profile?.name,
    baseUrl: resolved.baseUrl,
    token: resolved.token,
    // Flag > environment > profile, each on its own: the advice after a 401 names the right one.
    tokenOrigin: { source: resolved.sources.token, profileName: resolved.profile?.name },
    baseUrlSource: resolved.sources.baseUrl,
    project: resolved.project,
    org: resolved.org,
    readOnly: resolved.readOnly,
    label: resolved.label,
    color: resolved.color,
  });
  return {
    services,
    session,
    routes: firstRoutes(session),
    color,
    watch,
    queryClient: createQueryClient(),
  };
}
