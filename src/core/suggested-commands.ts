/**
 * Every command that a message of domainctl suggests, in one table: the hints of the commands
 * and of the UI build their text from these, and test/commands/suggested-commands.test.ts runs
 * each one, as a message prints it, against a real server and config folder. Words in capitals
 * are what the user fills in: NAME (a profile), URL (a base URL), ID (a project), DOMAIN (a host
 * name). A value that is known (the profile in use, the project) is filled in already.
 */
export const suggest = {
  profileAdd: () => 'domainctl profile add NAME --base-url URL --token-stdin',
  profileList: () => 'domainctl profile list',
  profileUse: (name: string) => `domainctl profile use ${shellWord(name)}`,
  profileShow: (name: string) => `domainctl profile show ${shellWord(name)}`,
  /** Saves a token in a profile that exists, keeping its other settings. */
  profileSetToken: (name = 'NAME') => `domainctl profile set ${shellWord(name)} --token-stdin`,
  /** Gives a profile that exists a default project, keeping its other settings. */
  profileSetProject: (name = 'NAME') => `domainctl profile set ${shellWord(name)} --project ID`,
  domainsList: (project: string) => `domainctl domains list ${projectFlag(project)}`,
  domainsNextPage: (project: string, pageToken: string, pageSize?: number) =>
    `domainctl domains list ${projectFlag(project)}${pageSize === undefined ? '' : ` --page-size ${pageSize}`} --page-token ${shellWord(pageToken)}`,
  domainsAdd: (project: string) => `domainctl domains add DOMAIN ${projectFlag(project)}`,
  domainsRecords: (domain: string, project: string) =>
    `domainctl domains records ${shellWord(domain)} ${projectFlag(project)}`,
  domainsCheck: (domain: string, project: string) =>
    `domainctl domains check ${shellWord(domain)} ${projectFlag(project)}`,
  domainsWait: (domain: string, project: string) =>
    `domainctl domains wait ${shellWord(domain)} ${projectFlag(project)}`,
  domainsStatus: (domain: string, project: string) =>
    `domainctl domains status ${shellWord(domain)} ${projectFlag(project)}`,
  serveDemo: () => 'domainctl serve --seed demo --db :memory:',
} as const;

export type SuggestedCommand = keyof typeof suggest;

/** The settings given as flags, which the shell that ran a command does not hold otherwise. */
export interface GivenFlags {
  baseUrl?: string;
  token?: string;
  profile?: string;
}

/**
 * A suggested command that works in the shell that ran the one that suggests it: the profile and
 * base URL given as flags repeated, and the token given as a flag as `--token TOKEN`,
 * a word to fill in as every capitalised word of the table is: a token is never printed, and a
 * reference such as "$DOMAINCTL_TOKEN" would name a variable that is not set (were it set, the
 * flag would not have been needed). A base URL that carries credentials becomes `URL` the same way.
 * The settings from the environment or a profile carry over by themselves; no suggested command
 * reads --org.
 */
export function standAlone(command: string, flags: GivenFlags): string {
  const words = [command];
  if (flags.profile) words.push(`--profile ${shellWord(flags.profile)}`);
  if (flags.baseUrl) words.push(`--base-url ${printableBaseUrl(flags.baseUrl)}`);
  if (flags.token) words.push('--token TOKEN');
  return words.join(' ');
}

/** A base URL as one shell word, or URL when it holds a user name, password or query. */
function printableBaseUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.username || parsed.password || parsed.search) return 'URL';
  } catch {
    // Not a URL: the command failed before it could suggest anything with it.
  }
  return shellWord(url);
}

/** `--project X` as it goes into a command line the user can copy. */
export const projectFlag = (project: string) => `--project ${shellWord(project)}`;

/** A value as one shell word: bare when it is safe so, else in single quotes. */
export function shellWord(value: string): string {
  return /^[A-Za-z0-9_.:/=+@-]+$/.test(value) ? value : `'${value.replaceAll("'", "'\\''")}'`;
}
