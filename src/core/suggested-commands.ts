/**
 * Every command that a message of domainctl suggests, in one table: the hints of the commands
 * and of the UI build their text from these, and test/commands/suggested-commands.test.ts runs
 * each one, as a message prints it, against a real server and config folder. Words in capitals
 * are what the user fills in: NAME (a profile), URL (a base URL), ID (a project), DOMAIN (a host
 * name). A value that is known (the profile in use, the project) is filled in already.
 */
export const suggest = {
  profileAdd: () => 'domainctl profile add NAME --base-url URL --token-stdin',
  /** The first profile, with everything a domains command needs. */
  profileAddFull: () => 'domainctl profile add NAME --base-url URL --token-stdin --project ID',
  /** The UI on a demo API in this process: nothing to set up (it needs a terminal). */
  demo: () => 'domainctl demo',
  profileList: () => 'domainctl profile list',
  profileUse: (name: string) => `domainctl profile use ${shellWord(name)}`,
  profileShow: (name: string) => `domainctl profile show ${shellWord(name)}`,
  /** Saves a token in a profile that exists, keeping its other settings. */
  profileSetToken: (name = 'NAME') => `domainctl profile set ${shellWord(name)} --token-stdin`,
  /** Gives a profile that exists a default project, keeping its other settings. */
  profileSetProject: (name = 'NAME') => `domainctl profile set ${shellWord(name)} --project ID`,
  /** Lets a read-only profile send POST, PUT, PATCH and DELETE again. */
  profileSetWritable: (name = 'NAME') => `domainctl profile set ${shellWord(name)} --no-read-only`,
  /** One request, its method first (said when it came after the path). */
  apiRequest: (method: string, path: string) =>
    `domainctl api request ${method} ${shellWord(path)}`,
  /** Sends a saved request (from the folder `--requests-dir` names, when one was given). */
  apiRequestSaved: (name: string, requestsDir?: string) =>
    `domainctl api request --saved ${shellWord(name)}${requestsDir === undefined ? '' : ` --requests-dir ${shellWord(requestsDir)}`}`,
  apiHistory: () => 'domainctl api history',
  domainsList: (project: string, given?: GivenFlags) =>
    `domainctl domains list ${scope(project, given)}`,
  domainsNextPage: (project: string, pageToken: string, pageSize?: number, given?: GivenFlags) =>
    `domainctl domains list ${scope(project, given)}${pageSize === undefined ? '' : ` --page-size ${pageSize}`} --page-token ${shellWord(pageToken)}`,
  domainsAdd: (project: string, given?: GivenFlags) =>
    `domainctl domains add DOMAIN ${scope(project, given)}`,
  domainsRecords: (domain: string, project: string, given?: GivenFlags) =>
    `domainctl domains records ${shellWord(domain)} ${scope(project, given)}`,
  domainsCheck: (domain: string, project: string, given?: GivenFlags) =>
    `domainctl domains check ${shellWord(domain)} ${scope(project, given)}`,
  domainsWait: (domain: string, project: string, given?: GivenFlags) =>
    `domainctl domains wait ${shellWord(domain)} ${scope(project, given)}`,
  /** With the DNS and HTTPS flags the suggesting command had, so it looks where that one did. */
  domainsStatus: (domain: string, project: string, given?: GivenFlags, live?: GivenLiveFlags) =>
    `domainctl domains status ${shellWord(domain)} ${scope(project, given)}${liveScope(live)}`,
  serveDemo: () => 'domainctl serve --seed demo --db :memory:',
} as const;

export type SuggestedCommand = keyof typeof suggest;

/** The settings given as flags, which the shell that ran a command does not hold otherwise. */
export interface GivenFlags {
  baseUrl?: string;
  token?: string;
  org?: string;
  profile?: string;
}

/** The flags of a command's DNS and HTTPS checks, as given (commander's `--no-authoritative`). */
export interface GivenLiveFlags {
  dnsServer?: string;
  authoritative?: boolean;
  connectTo?: string;
}

/** `--dns-server`, `--no-authoritative` and `--connect-to` as given (the variable carries over). */
function liveScope(live: GivenLiveFlags = {}): string {
  return [
    live.dnsServer === undefined ? '' : ` --dns-server ${shellWord(live.dnsServer)}`,
    live.authoritative === false ? ' --no-authoritative' : '',
    live.connectTo === undefined ? '' : ` --connect-to ${shellWord(live.connectTo)}`,
  ].join('');
}

/** `--project X` as it goes into a command line the user can copy. */
export const projectFlag = (project: string) => `--project ${shellWord(project)}`;

/**
 * `--project X`, and the settings the command that suggests had as flags, which a command about
 * the same project must repeat to reach the same API in the same shell (settings from the
 * environment or a profile carry over by themselves): `--profile NAME`, `--base-url` and
 * `--org ID` as given, and `--token TOKEN`, a word to fill in as every capitalised word of the
 * table is: a token is never printed, and a reference such as "$DOMAINCTL_TOKEN" would name a
 * variable that is not set (were it set, the flag would not have been needed). A base URL that
 * holds a user name, a password or a query is `URL` to fill in the same way.
 */
function scope(project: string, given: GivenFlags = {}): string {
  return [
    projectFlag(project),
    given.profile === undefined ? '' : ` --profile ${shellWord(given.profile)}`,
    given.baseUrl === undefined ? '' : ` --base-url ${printableBaseUrl(given.baseUrl)}`,
    given.token === undefined ? '' : ' --token TOKEN',
    given.org === undefined ? '' : ` --org ${shellWord(given.org)}`,
  ].join('');
}

/** A base URL as one shell word, or URL when it may hold a credential. */
function printableBaseUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.username || parsed.password || parsed.search) return 'URL';
  } catch {
    // Not a URL: the command failed before it could suggest anything with it.
  }
  return shellWord(url);
}

/** A value as one shell word: bare when it is safe so, else in single quotes. */
export function shellWord(value: string): string {
  return /^[A-Za-z0-9_.:/=+@-]+$/.test(value) ? value : `'${value.replaceAll("'", "'\\''")}'`;
}
