import type { Command } from 'commander';
import { maskSecret } from '../core/mask.js';
import type { Profile } from '../config/config-file.js';
import {
  PROFILE_SETTINGS,
  type ProfileChanges,
  type ProfileSetting,
  ProfileStore,
  unknownProfile,
} from '../config/profile-store.js';
import { MISSING } from '../core/display.js';
import { currentIo } from '../core/io.js';
import { labelProblem, labelText, type ProfileColor } from '../core/profile-safety.js';
import { suggest } from '../core/suggested-commands.js';
import { visible } from '../core/sanitize.js';
import { writeErr, writeOut } from './context.js';
import { readSecret } from './secret-input.js';
import { CliError } from '../core/errors.js';
import { colorEnabled, globalFlags } from './global-options.js';
import { type JqFlags, jqFilter } from './jq-output.js';
import { formatJson } from './json-format.js';
import { renderTable } from './table.js';

/** A profile as it may be printed: the token masked to its last 4 characters. */
function printable(profile: Profile, active: boolean) {
  return {
    name: profile.name,
    active,
    base_url: profile.base_url,
    token: profile.token ? maskSecret(profile.token) : null,
    project: profile.project ?? null,
    org: profile.org ?? null,
    read_only: profile.read_only === true,
    label: profile.label ?? null,
    color: profile.color ?? null,
  };
}

/** http(s), no credentials, query or fragment; stored without a trailing slash. */
function baseUrlArgument(value: string | undefined, command = 'profile add'): string {
  if (!value) {
    throw new CliError(`${command} needs --base-url URL (e.g. https://api.example.com)`);
  }
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new CliError(`--base-url "${value}" is not a URL (e.g. https://api.example.com)`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new CliError(`--base-url "${value}" must start with http:// or https://`);
  }
  if (url.username || url.password) {
    throw new CliError('--base-url must not carry a user name or password: use --token');
  }
  if (url.search || url.hash) {
    throw new CliError(`--base-url "${value}" must not have a query string or fragment`);
  }
  return url.href.replace(/\/$/, '');
}

async function tokenArgument(
  token: string | undefined,
  fromStdin: boolean | undefined,
): Promise<string | undefined> {
  if (!fromStdin) return token || undefined;
  if (token) throw new CliError('give the token with --token or --token-stdin, not both');
  const read = (await readSecret('the token')).trim();
  if (!read) throw new CliError('--token-stdin read an empty token from stdin');
  return read;
}

interface AddFlags {
  tokenStdin?: boolean;
  readOnly?: boolean;
  label?: string;
  /** The profile's colour: this command's own --color NAME, not the global --no-color. */
  color?: ProfileColor;
}

async function addProfile(name: string, flags: AddFlags, command: Command): Promise<void> {
  const global = globalFlags(command);
  const baseUrl = baseUrlArgument(global.baseUrl);
  if (flags.label !== undefined) {
    const problem = labelProblem(flags.label);
    if (problem) throw new CliError(`--label: ${problem}`);
  }
  const token = await tokenArgument(global.token, flags.tokenStdin);
  const store = ProfileStore.open();
  const { created, active } = store.save(name, {
    base_url: baseUrl,
    ...(token ? { token } : {}),
    ...(global.project ? { project: global.project } : {}),
    ...(global.org ? { org: global.org } : {}),
    ...(flags.readOnly ? { read_only: true } : {}),
    ...(flags.label ? { label: flags.label } : {}),
    ...(flags.color ? { color: flags.color } : {}),
  });
  const what = created
    ? `Added profile "${name}"`
    : `Updated profile "${name}" (its previous settings were replaced)`;
  const then = active
    ? '; it is the active profile.'
    : `. Make it the active profile with: ${suggest.profileUse(name)}`;
  const masked = token ? `, token ${maskSecret(token)}` : ', no token';
  const safety = [
    flags.readOnly ? ', read-only (no POST, PUT, PATCH or DELETE)' : '',
    flags.label || flags.color ? `, label ${labelText(flags.label, flags.color)}` : '',
  ].join('');
  writeOut(`${visible(`${what}: ${baseUrl}${masked}${safety}${then}`)}\n`);
}

interface SetFlags {
  tokenStdin?: boolean;
  unset?: ProfileSetting[];
  /** --read-only gives true, --no-read-only false. */
  readOnly?: boolean;
  label?: string;
  /** The profile's colour: this command's own --color NAME, not the global --no-color. */
  color?: string;
}

/** How `profile set` says a change: `project prj_x`, `token ****abcd`, `label removed`. */
function saidChange(key: ProfileSetting, value: string | null): string {
  if (value === null) return `${key} removed`;
  return `${key} ${key === 'token' ? maskSecret(value) : value}`;
}

/**
 * `profile set NAME …`: the settings given change, the others stay. A setting is removed by
 * `--unset SETTING` or by an empty value (`--project ''`); the base URL cannot be.
 */
async function setProfile(name: string, flags: SetFlags, command: Command): Promise<void> {
  const global = globalFlags(command);
  const unset = new Set(flags.unset ?? []);
  const given: Record<ProfileSetting, string | undefined> = {
    token: global.token,
    project: global.project,
    org: global.org,
    label: flags.label,
    color: flags.color,
  };
  const changes: ProfileChanges = {};
  for (const key of PROFILE_SETTINGS) {
    const value = given[key];
    const removed = unset.has(key);
    if (removed && (value || (key === 'token' && flags.tokenStdin))) {
      throw new CliError(`--${key} and --unset ${key} say opposite things; give one`);
    }
    if (removed || value === '') changes[key] = null;
    else if (value !== undefined && key !== 'token') changes[key] = value;
  }
  if (typeof changes.label === 'string') {
    const problem = labelProblem(changes.label);
    if (problem) throw new CliError(`--label: ${problem}`);
  }
  if (global.baseUrl !== undefined) {
    if (global.baseUrl === '')
      throw new CliError('--base-url cannot be removed: a profile needs one');
    changes.base_url = baseUrlArgument(global.baseUrl, 'profile set');
  }
  if (global.token || flags.tokenStdin) {
    changes.token = await tokenArgument(global.token, flags.tokenStdin);
  }
  if (flags.readOnly !== undefined) changes.read_only = flags.readOnly;
  if (Object.keys(changes).length === 0) {
    throw new CliError(
      'profile set needs a setting to change: --base-url, --token, --token-stdin, --project, --org, --read-only, --no-read-only, --label, --color or --unset SETTING',
    );
  }
  const store = ProfileStore.open();
  store.update(name, changes);
  const said: string[] = [];
  if (changes.base_url) said.push(`base URL ${changes.base_url}`);
  for (const key of PROFILE_SETTINGS) {
    const value = changes[key];
    if (value !== undefined) said.push(saidChange(key, value));
  }
  if (changes.read_only !== undefined) {
    said.push(changes.read_only ? 'read-only (no POST, PUT, PATCH or DELETE)' : 'not read-only');
  }
  writeOut(
    `${visible(`Updated profile "${name}": ${said.join(', ')}; its other settings are kept.`)}\n`,
  );
}

async function listProfiles(flags: JqFlags, command: Command): Promise<void> {
  const global = globalFlags(command);
  const jq = await jqFilter(flags);
  const store = ProfileStore.open();
  const profiles = store.list().sort((a, b) => a.name.localeCompare(b.name));
  const activeName = store.activeName();
  const rows = profiles.map((p) => printable(p, p.name === activeName));
  if (jq) {
    await jq.print(rows, !!global.json);
    return;
  }
  if (global.json) {
    writeOut(`${formatJson(rows, { compact: true })}\n`);
    return;
  }
  if (rows.length === 0) {
    writeErr(`No profiles yet. Add one with: ${suggest.profileAdd()}\n`);
    return;
  }
  writeOut(
    renderTable(
      [
        { header: '' },
        { header: 'NAME' },
        { header: 'BASE URL' },
        { header: 'PROJECT' },
        { header: 'TOKEN' },
        { header: 'LABEL' },
        { header: 'ACCESS' },
      ],
      // The file may have been written by hand or by anyone: its values are shown, never obeyed.
      rows.map((p) =>
        [
          p.active ? '*' : '',
          p.name,
          p.base_url,
          p.project ?? MISSING,
          p.token ?? MISSING,
          labelText(p.label ?? undefined, p.color ?? undefined) || MISSING,
          p.read_only ? 'read-only' : 'read-write',
        ].map(visible),
      ),
      { color: colorEnabled(global), gap: 2 },
    ),
  );
}

function useProfile(name: string, _flags: object, _command: Command): void {
  ProfileStore.open().use(name);
  writeOut(`Active profile: ${name}\n`);
}

async function showProfile(
  name: string | undefined,
  flags: JqFlags,
  command: Command,
): Promise<void> {
  const global = globalFlags(command);
  const jq = await jqFilter(flags);
  const store = ProfileStore.open();
  const wanted = name ?? (global.profile || currentIo().env.DOMAINCTL_PROFILE || undefined);
  const profile = wanted ? store.get(wanted) : store.active();
  if (!profile) {
    if (wanted) throw unknownProfile(wanted);
    throw new CliError(`no active profile: add one with ${suggest.profileAdd()}`);
  }
  const shown = printable(profile, profile.name === store.activeName());
  if (jq) {
    await jq.print(shown, !!global.json);
    return;
  }
  if (global.json) {
    writeOut(`${formatJson(shown, { compact: true })}\n`);
    return;
  }
  const lines: [string, string][] = [
    ['name', shown.name],
    ['active', shown.active ? 'yes' : 'no'],
    ['base URL', shown.base_url],
    ['token', shown.token ?? MISSING],
    ['project', shown.project ?? MISSING],
    ['org', shown.org ?? MISSING],
    ['read-only', shown.read_only ? 'yes (no POST, PUT, PATCH or DELETE)' : 'no'],
    [
      'label',
      shown.label === null ? MISSING : `${shown.label}${shown.color ? ` (${shown.color})` : ''}`,
    ],
  ];
  const width = Math.max(...lines.map(([label]) => label.length)) + 1;
  writeOut(
    lines.map(([label, value]) => `${`${label}:`.padEnd(width)} ${visible(value)}\n`).join(''),
  );
}

function removeProfile(name: string, _flags: object, _command: Command): void {
  const { newActive } = ProfileStore.open().remove(name);
  const then = newActive ? ` Active profile: ${newActive}.` : ' No profiles are left.';
  writeOut(`Removed profile "${name}".${then}\n`);
}

/** The actions of the command definitions (lazyAction loads this module when one runs). */
export const actions = {
  addProfile,
  setProfile,
  listProfiles,
  useProfile,
  showProfile,
  removeProfile,
};
