import { type Command, InvalidArgumentError, Option } from 'commander';
import { PROFILE_COLORS } from '../core/profile-safety.js';
import { suggest } from '../core/suggested-commands.js';
import { addJqOptions } from './jq-options.js';
import { lazyAction } from './lazy-action.js';

const SETTINGS = ['token', 'project', 'org', 'label', 'color'];

/** `--unset project --unset org`, each checked against the settings that may be removed. */
function collectSetting(value: string, previous: string[] | undefined): string[] {
  if (!SETTINGS.includes(value)) {
    throw new InvalidArgumentError(`Allowed choices are ${SETTINGS.join(', ')}.`);
  }
  return [...(previous ?? []), value];
}

/**
 * The settings `profile add` and `profile set` both take beyond the global ones: read-only, a
 * label and its colour (`set` also takes --no-read-only to undo it).
 */
function addSafetyOptions(command: Command, { negatable }: { negatable: boolean }): Command {
  command.option('--read-only', 'send no POST, PUT, PATCH or DELETE with this profile');
  if (negatable) command.option('--no-read-only', 'send every method again');
  return command
    .option('--label <text>', 'a label every screen shows with the profile, e.g. production')
    .addOption(
      new Option(
        '--color <name>',
        "the colour of the label in the UI (of the profile's name, with no label)",
      ).choices(PROFILE_COLORS),
    );
}

export function registerProfile(program: Command): void {
  const profile = program
    .command('profile')
    .description('Manage profiles: an API base URL, a token, and a default project and org')
    .addHelpText(
      'after',
      `
Examples:
  $ domainctl profile add local --base-url http://127.0.0.1:7878 --token-stdin --project prj_demo_scale
  $ domainctl profile set local --project prj_demo_enterprise
  $ domainctl profile list`,
    );

  const add = profile
    .command('add')
    .description('Add a profile, or replace the one of that name; the first becomes active')
    .argument('<name>', 'letters, digits, ".", "_" and "-"')
    .usage(
      '<name> --base-url URL [--token T | --token-stdin] [--project P] [--org O] [--read-only] [--label TEXT] [--color NAME]',
    )
    .option('--token-stdin', 'read the token from stdin, so it stays out of shell history');
  addSafetyOptions(add, { negatable: false })
    .addHelpText(
      'after',
      `
--base-url is required; the other settings are optional, the same as profile set takes.

Examples:
  $ echo "$API_KEY" | domainctl profile add prod --base-url https://api.example.com --token-stdin
  $ domainctl profile add local --base-url http://127.0.0.1:7878 --token dk_demo_tester --project prj_demo_scale
  $ domainctl profile add live --base-url https://api.example.com --token-stdin --read-only --label production --color red`,
    )
    .action(lazyAction(() => import('./profile-actions.js'), 'addProfile'));

  const set = profile
    .command('set')
    .description('Change some settings of a profile and keep the others')
    .argument('<name>', `a profile that exists (see ${suggest.profileList()})`)
    .usage(
      '<name> [--base-url URL] [--token T | --token-stdin] [--project P] [--org O] [--read-only | --no-read-only] [--label TEXT] [--color NAME] [--unset SETTING]',
    )
    .option('--token-stdin', 'read the token from stdin, so it stays out of shell history');
  addSafetyOptions(set, { negatable: true })
    .addOption(
      new Option('--unset <setting>', 'remove a setting (repeatable)')
        .choices(SETTINGS)
        .argParser(collectSetting),
    )
    .addHelpText(
      'after',
      `
Only the settings given change; the rest stay as they are. An empty value removes an optional
setting as --unset does (--project '' is --unset project), as kubectl config set-context does.
A read-only profile refuses POST, PUT, PATCH and DELETE (api request, the domain commands and
the UI's raw requests) before anything is sent, with exit code 2.

Examples:
  $ domainctl profile set local --project prj_demo_scale
  $ echo "$API_KEY" | domainctl profile set prod --token-stdin
  $ domainctl profile set local --unset project --org org_demo
  $ domainctl profile set prod --read-only --label production --color red`,
    )
    .action(lazyAction(() => import('./profile-actions.js'), 'setProfile'));

  profile
    .command('list')
    .description('List the profiles; * marks the active one')
    .addHelpText(
      'after',
      `
Examples:
  $ domainctl profile list
  $ domainctl profile list --json`,
    )
    .action(lazyAction(() => import('./profile-actions.js'), 'listProfiles'));

  profile
    .command('use')
    .description('Make a profile the active one')
    .argument('<name>')
    .addHelpText(
      'after',
      `
Example:
  $ domainctl profile use prod`,
    )
    .action(lazyAction(() => import('./profile-actions.js'), 'useProfile'));

  profile
    .command('show')
    .description('Show a profile (default: the one in use), token masked')
    .argument('[name]')
    .addHelpText(
      'after',
      `
Examples:
  $ domainctl profile show
  $ domainctl profile show prod --json`,
    )
    .action(lazyAction(() => import('./profile-actions.js'), 'showProfile'));

  profile
    .command('remove')
    .description('Remove a profile')
    .argument('<name>')
    .addHelpText(
      'after',
      `
Example:
  $ domainctl profile remove old`,
    )
    .action(lazyAction(() => import('./profile-actions.js'), 'removeProfile'));

  // The two that print JSON (--json) take --jq.
  for (const command of profile.commands) {
    if (command.name() === 'list' || command.name() === 'show') addJqOptions(command);
  }
}
