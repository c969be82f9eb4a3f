import { createReadStream, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type ApiClient, createApiClient } from '../../client/api-client.js';
import { executeRequest, type RawResponse } from '../../client/execute-request.js';
import type { PreparedRequest } from '../../client/prepare-request.js';
import type { Profile, StoredProfile } from '../../config/config-file.js';
import type { DnsServerSetting } from '../../config/dns-server.js';
import type { ProfileStore } from '../../config/profile-store.js';
import type { DnsInstructions } from '../../contract/schemas.js';
import { CliError } from '../../core/errors.js';
import { ExitCode } from '../../core/exit-codes.js';
import { readHostFile } from '../../core/host-file.js';
import { withRecentProject } from '../../core/recent-projects.js';
import { visible } from '../../core/sanitize.js';
import { resolveAuthoritativePort } from '../../config/dns-server.js';
import type { ServingProbe } from '../../core/stages.js';
import type { DnsCheckResult } from '../../dns/index.js';
import { parseDnsServer } from '../../dns/server-address.js';
import { type CopyResult, copyToClipboard } from '../components/clipboard.js';
import { type EditOutcome, editInEditor } from '../raw/external-editor.js';
import {
  type HistoryStore,
  historyStore,
  type SavedStore,
  savedStore,
} from '../raw/request-library.js';
import { fileErrorReason } from '../../core/file-errors.js';

export const DEMO_TOKEN = 'dk_demo_tester';

/**
 * The DNS checks (dns-packet, the resolver, the zone and HTTPS probes), a bundle of their own
 * loaded by the first check: ~40 KB and a few milliseconds the first frame does not need.
 */
const dnsChecks = () => import('../../dns/index.js');

/** A reference server started in this process for the demo. */
export interface DemoServer {
  baseUrl: string;
  token: string;
  close(): Promise<void>;
}

/**
 * What the screens may do beyond rendering: talk to the API, save a profile, start the demo,
 * copy to the clipboard, look records up in DNS. Screens get these from context and never import
 * the HTTP client, the profile store, node:fs or node:dns.
 */
export interface UiServices {
  /**
   * An API client whose requests end at once when the UI quits (abortAll), or when `signal`
   * aborts (the screen that asked was left).
   */
  connect(options: {
    baseUrl: string;
    token?: string;
    signal?: AbortSignal;
    /** The profile is read-only: the client refuses what changes something, naming it. */
    readOnly?: boolean;
    profile?: string;
  }): ApiClient;
  /**
   * Sends a raw request prepared by prepareRequest: the very function `api request` uses. Ends
   * at once when the UI quits or `signal` aborts.
   */
  executeRequest(request: PreparedRequest, signal?: AbortSignal): Promise<RawResponse>;
  /**
   * Ends every request in flight, of every screen, and every DNS lookup: the UI is quitting, and
   * nothing it started may keep the process alive (or keep loading pages) after it.
   */
  abortAll(): void;
  /**
   * The saved profiles, by name, and which is the default (`profile use`): none in demo mode,
   * which reads no saved profile.
   */
  profiles(): { list: Profile[]; defaultName?: string };
  /**
   * The hosts of a file the user named (`@hosts.txt` in the add form), one a line, read within
   * the host file's bounds (src/core/host-file.ts); rejects with a sentence (no such file, a
   * directory, permission denied, too large, not text).
   */
  readHostFile(path: string): Promise<string[]>;
  /** Saves a profile in the same store as `domainctl profile add`. */
  saveProfile(name: string, profile: StoredProfile): { active: boolean };
  /** Recent projects of a saved profile; in memory for the rest. */
  recentProjects(profileName: string | undefined): string[];
  rememberProject(profileName: string | undefined, projectId: string): void;
  startDemo(): Promise<DemoServer>;
  copy(text: string, writeToTerminal: (data: string) => void): Promise<CopyResult>;
  /**
   * Opens the text in $VISUAL or $EDITOR and waits until it ends (synchronously: the caller has
   * handed it the terminal, see hooks/useExternalEditor.ts).
   */
  editText(text: string, extension: string): EditOutcome;
  /** The request history of the session's profile (request-library.ts). */
  requestHistory(session: { profileName?: string; ephemeral: boolean }): HistoryStore;
  /** The saved requests (--requests-dir, DOMAINCTL_REQUESTS_DIR, or `requests` in the config directory). */
  savedRequests(): SavedStore;
  /**
   * Looks up a domain's three records (and CAA) the way `domains check` does: at the zone's
   * nameservers, found through DOMAINCTL_DNS_SERVER or the system resolver. Never rejects for DNS trouble: those are
   * `error` rows. Aborting `signal` ends the lookups at once. `timeoutMs` bounds each lookup
   * (the watch gives what is left of its round).
   */
  checkDns(
    instructions: DnsInstructions,
    signal?: AbortSignal,
    timeoutMs?: number,
  ): Promise<DnsCheckResult>;
  /** HTTPS to the host with its name as SNI: the "serving" stage. Never rejects. */
  probeHttps(host: string, signal?: AbortSignal, timeoutMs?: number): Promise<ServingProbe>;
  /** The DNS server checkDns asks, for messages: `127.0.0.1:5353` or `the system resolver`. */
  dnsServerLabel: string;
  /** Stops what the UI started (requests, the demo server); called once the UI has exited. */
  shutdown(): Promise<void>;
  /** Lines to print on stderr after the UI has exited (e.g. demo server warnings). */
  afterExit: string[];
}

export interface ServicesOptions {
  /** The profile store; undefined in demo mode, where nothing is saved. */
  store?: ProfileStore;
  env?: NodeJS.ProcessEnv;
  /** Where checkDns asks; the system resolvers when absent. */
  dnsServer?: DnsServerSetting;
  /** The most bytes one API answer may have (--max-response-size); 64 MiB when absent. */
  maxResponseBytes?: number;
  /** `--requests-dir`: the folder of saved requests, before DOMAINCTL_REQUESTS_DIR. */
  requestsDir?: string;
}

export function createServices(options: ServicesOptions): UiServices {
  const { store, env = process.env, maxResponseBytes } = options;
  // The demo's own DNS takes over once the demo starts, unless DOMAINCTL_DNS_SERVER names one:
  // `d` then finds the records of a domain added in the demo, as its verifier does.
  let dnsServer = options.dnsServer;
  const memoryRecent = new Map<string, string[]>();
  /** The demo's saved requests, made on its first save and removed on shutdown. */
  let demoRequestsDir: string | undefined;
  const demos: DemoServer[] = [];
  const afterExit: string[] = [];
  const persisted = (name: string | undefined): name is string =>
    name !== undefined && store?.get(name) !== undefined;
  // One controller for the whole UI: quitting aborts it, and with it everything in flight.
  const quitting = new AbortController();
  const until = (signal?: AbortSignal) =>
    signal ? AbortSignal.any([quitting.signal, signal]) : quitting.signal;
  const abortAll = () => {
    if (!quitting.signal.aborted) quitting.abort(new Error('the UI quit'));
  };

  return {
    afterExit,
    connect: ({ baseUrl, token, signal, readOnly, profile }) =>
      createApiClient({
        baseUrl,
        token,
        maxResponseBytes,
        signal: until(signal),
        readOnly,
        profile,
      }),
    executeRequest: (request, signal) =>
      executeRequest(request, { maxResponseBytes, signal: until(signal) }),
    abortAll,
    async readHostFile(path) {
      const stream = createReadStream(path);
      try {
        return await readHostFile(stream, visible(path), (reason) => new Error(reason));
      } catch (error) {
        if (!(error as NodeJS.ErrnoException).code) throw error;
        throw new Error(`cannot read ${path}: ${fileErrorReason(error)}`, { cause: error });
      } finally {
        stream.destroy();
      }
    },
    profiles() {
      if (!store) return { list: [] };
      const list = store.list().sort((a, b) => (a.name < b.name ? -1 : 1));
      return { list, defaultName: store.activeName() };
    },
    saveProfile(name, profile) {
      if (!store) throw new Error('profiles cannot be saved in demo mode');
      return store.save(name, profile);
    },
    recentProjects(profileName) {
      if (persisted(profileName)) return store?.recentProjects(profileName) ?? [];
      return memoryRecent.get(profileName ?? '') ?? [];
    },
    rememberProject(profileName, projectId) {
      if (persisted(profileName)) {
        store?.rememberProject(profileName, projectId);
        return;
      }
      const key = profileName ?? '';
      memoryRecent.set(key, withRecentProject(memoryRecent.get(key) ?? [], projectId));
    },
    async startDemo() {
      // Loaded only when the demo is asked for: the UI itself never needs Hono or SQLite.
      const { startServer } = await import('../../server/serve.js');
      const server = await startServer({
        host: '127.0.0.1',
        port: 0,
        db: ':memory:',
        seed: 'demo',
        // A domain added in the demo is verified in seconds, through the demo's own DNS.
        demoDns: true,
        // No request log: it would write over the UI. Warnings wait until the UI has exited.
        warn: (line) => afterExit.push(line),
      }).catch((error: unknown) => {
        // Said in one line, as `serve` says it: most likely no SQLite driver loads on this Node.
        throw new CliError(
          `cannot start the demo server: ${(error as Error).message}`,
          ExitCode.apiError,
        );
      });
      if (!dnsServer?.address && server.demoDnsAddress) {
        dnsServer = {
          address: parseDnsServer(server.demoDnsAddress),
          label: `the demo's DNS at ${server.demoDnsAddress}`,
        };
      }
      const demo = { baseUrl: server.url, token: DEMO_TOKEN, close: () => server.close() };
      demos.push(demo);
      return demo;
    },
    copy: (text, writeToTerminal) => copyToClipboard(text, writeToTerminal, env),
    editText: (text, extension) => editInEditor(text, { env, extension }),
    requestHistory: (session) => historyStore(session, env),
    savedRequests: () => {
      // The demo keeps nothing once it ends: unless a folder is named (--requests-dir,
      // DOMAINCTL_REQUESTS_DIR), what it saves goes to a temporary folder of its own, never to
      // the user's, where `api request --saved` would send it through a real profile.
      if (store || options.requestsDir || env.DOMAINCTL_REQUESTS_DIR) {
        return savedStore(options.requestsDir, env);
      }
      // The run's TMPDIR (os.tmpdir() reads the process's, which a run in-process may not share).
      demoRequestsDir ??= mkdtempSync(join(env.TMPDIR || tmpdir(), 'domainctl-demo-requests-'));
      return savedStore(demoRequestsDir, env, true);
    },
    checkDns: async (instructions, signal, timeoutMs) =>
      (await dnsChecks()).checkRecords(instructions, {
        server: dnsServer?.address,
        timeoutMs,
        signal: until(signal),
        authoritative: true,
        authoritativePort: resolveAuthoritativePort(env),
      }),
    probeHttps: async (host, signal, timeoutMs = 10_000) =>
      (await dnsChecks()).probeHttps(host, {
        resolver: dnsServer?.address,
        timeoutMs,
        signal: until(signal),
      }),
    get dnsServerLabel() {
      return dnsServer?.label ?? 'the system resolver';
    },
    async shutdown() {
      abortAll();
      await Promise.all(demos.splice(0).map((demo) => demo.close()));
      if (demoRequestsDir) rmSync(demoRequestsDir, { recursive: true, force: true });
    },
  };
}
