import { lstatSync, mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ConfigError } from '../core/errors.js';
import { currentIo } from '../core/io.js';
import { withRecentProject } from '../core/recent-projects.js';
import { suggest } from '../core/suggested-commands.js';
import { writeFileAtomic } from './atomic-write.js';
import { CONFIG_FILE_NAME, configDir } from './config-dir.js';
import { ConfigFile, PROFILE_NAME, type Profile, StoredProfile } from './config-file.js';

/** The settings of a profile that may be left out (a profile always has its base URL). */
export const PROFILE_SETTINGS = ['token', 'project', 'org', 'label', 'color'] as const;
export type ProfileSetting = (typeof PROFILE_SETTINGS)[number];

/** What `profile set` changes: a value sets it, null removes it, undefined keeps it. */
export type ProfileChanges = { base_url?: string; read_only?: boolean } & {
  [K in ProfileSetting]?: string | null;
};

export function unknownProfile(name: string): ConfigError {
  return new ConfigError(`no profile named "${name}" (see ${suggest.profileList()})`);
}

/**
 * Profiles, kept in `config.json` (mode 0600, written atomically by writeFileAtomic) under
 * DOMAINCTL_CONFIG_DIR or the platform's config directory. Every read reads the file again and
 * validates it with zod: a broken file (an empty one too) stops the command with its path named,
 * and is left as it is. A `config.json` that is a symbolic link or not a regular file is refused
 * before anything reads or writes it.
 *
 * Not conf: its atomic write (atomically) removes the temporary file of a failed write with an
 * asynchronous unlink, which a process ending at once (exit code 2, or the SIGXFSZ of a size
 * limit that conf's own exit hook re-raises) outruns; a `config.json.tmp-…` was left beside the
 * file. writeFileAtomic removes it before the error goes on, and is what the history and the
 * saved requests are written with already.
 */
export class ProfileStore {
  private constructor(
    /** Where the profiles live. */
    readonly path: string,
  ) {}

  static open(env: NodeJS.ProcessEnv = currentIo().env): ProfileStore {
    const cwd = configDir(env);
    const path = join(cwd, CONFIG_FILE_NAME);
    try {
      // The file holds tokens: its directory is private too.
      mkdirSync(cwd, { recursive: true, mode: 0o700 });
      refuseUnlessRegularFile(path);
    } catch (error) {
      throw asConfigError(error, path);
    }
    return new ProfileStore(path);
  }

  private read(): ConfigFile {
    let text: string;
    try {
      text = readFileSync(this.path, 'utf8');
    } catch (error) {
      // No file yet: no profiles. It is created by the first write.
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return ConfigFile.parse({});
      throw asConfigError(error, this.path);
    }
    try {
      return parseConfig(text);
    } catch (error) {
      throw asConfigError(error, this.path);
    }
  }

  private write(next: ConfigFile): void {
    try {
      // Tab-indented, as conf wrote it: a file written by an earlier version diffs cleanly.
      writeFileAtomic(this.path, JSON.stringify(next, undefined, '\t'), 0o600);
    } catch (error) {
      throw asConfigError(error, this.path);
    }
  }

  list(): Profile[] {
    return Object.entries(this.read().profiles).map(([name, p]) => ({ ...p, name }));
  }

  get(name: string): Profile | undefined {
    const stored = this.read().profiles[name];
    return stored ? { ...stored, name } : undefined;
  }

  activeName(): string | undefined {
    const config = this.read();
    return config.active && config.profiles[config.active] ? config.active : undefined;
  }

  active(): Profile | undefined {
    const name = this.activeName();
    return name ? this.get(name) : undefined;
  }

  /** Adds or replaces a profile; the first profile added becomes the active one. */
  save(name: string, profile: StoredProfile): { created: boolean; active: boolean } {
    if (!PROFILE_NAME.test(name)) {
      throw new ConfigError(
        `profile name "${name}" may hold letters, digits, ".", "_" and "-" (up to 64, starting with a letter or digit)`,
      );
    }
    const config = this.read();
    const created = !(name in config.profiles);
    config.profiles[name] = profile;
    if (!config.active || !config.profiles[config.active]) config.active = name;
    this.write(config);
    return { created, active: config.active === name };
  }

  /**
   * Changes the given settings of an existing profile and keeps every other one (keys this
   * version does not know too); null removes an optional setting. One atomic write: the file is
   * either as it was or has every change.
   */
  update(name: string, changes: ProfileChanges): Profile {
    const config = this.read();
    const current = config.profiles[name];
    if (!current) throw unknownProfile(name);
    const next: StoredProfile = { ...current };
    for (const key of PROFILE_SETTINGS) {
      const value = changes[key];
      if (value === null) delete next[key];
      else if (value !== undefined) (next as Record<string, unknown>)[key] = value;
    }
    if (changes.base_url !== undefined) next.base_url = changes.base_url;
    // Off is the default: the file only says so when it is on.
    if (changes.read_only === true) next.read_only = true;
    else if (changes.read_only === false) delete next.read_only;
    // The file is checked before it is written: a colour outside the list never lands in it.
    const checked = StoredProfile.safeParse(next);
    if (!checked.success) {
      const issue = checked.error.issues[0];
      throw new ConfigError(
        `profile "${name}": ${issue?.path.map(String).join('.') ?? ''}: ${issue?.message ?? 'invalid'}`,
      );
    }
    config.profiles[name] = next;
    this.write(config);
    return { ...next, name };
  }

  use(name: string): void {
    const config = this.read();
    if (!config.profiles[name]) throw unknownProfile(name);
    config.active = name;
    this.write(config);
  }

  /** Removes a profile; if it was active, the first remaining one (by name) becomes active. */
  remove(name: string): { newActive: string | undefined } {
    const config = this.read();
    if (!config.profiles[name]) throw unknownProfile(name);
    delete config.profiles[name];
    delete config.recent_projects[name];
    if (config.active === name) config.active = Object.keys(config.profiles).sort()[0];
    this.write(config);
    return { newActive: config.active };
  }

  recentProjects(profileName: string): string[] {
    return this.read().recent_projects[profileName] ?? [];
  }

  rememberProject(profileName: string, projectId: string): void {
    const config = this.read();
    if (!config.profiles[profileName]) return;
    const recent = config.recent_projects[profileName] ?? [];
    config.recent_projects[profileName] = withRecentProject(recent, projectId);
    this.write(config);
  }
}

/**
 * The file is written by renaming a new file over the path of config.json: through a
 * symbolic link, that replaces whatever file the link points to, with mode 0600 and tokens in it,
 * and a FIFO or device there would hang or eat the write. Neither is followed: such a file stops
 * every command (exit 2). An absent file is fine: it is created on the first write.
 */
function refuseUnlessRegularFile(path: string): void {
  let stats: ReturnType<typeof lstatSync>;
  try {
    stats = lstatSync(path);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
    throw error;
  }
  if (stats.isSymbolicLink()) {
    throw new ConfigError(
      `${path} is a symbolic link: domainctl neither reads nor writes its profiles through one; put the file itself there, or point DOMAINCTL_CONFIG_DIR at the directory it is in`,
    );
  }
  if (!stats.isFile()) {
    throw new ConfigError(`${path} is not a regular file; move it away`);
  }
}

function parseConfig(text: string): ConfigFile {
  // An empty file is not JSON either (a truncated write, a mistaken `> config.json`): it is
  // refused like any other, never taken for "no profiles" and written over. Only an absent
  // file means that (read() does not call this for one).
  return ConfigFile.parse(JSON.parse(text));
}

function asConfigError(error: unknown, path: string): ConfigError {
  if (error instanceof ConfigError) return error;
  if (error instanceof SyntaxError) {
    return new ConfigError(`${path} is not valid JSON (${error.message}); fix it or move it away`);
  }
  const issues = (error as { issues?: { path: PropertyKey[]; message: string }[] }).issues;
  if (issues?.[0]) {
    const issue = issues[0];
    return new ConfigError(
      `${path} is not a valid domainctl config: ${issue.path.map(String).join('.') || 'top level'}: ${issue.message}; fix it or move it away`,
    );
  }
  const code = (error as NodeJS.ErrnoException).code;
  if (code === 'EACCES' || code === 'EPERM')
    return new ConfigError(`cannot read or write ${path}: permission denied`);
  return new ConfigError(`cannot use ${path}: ${(error as Error).message}`);
}
