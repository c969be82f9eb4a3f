import type { Command } from 'commander';
import { lazyAction } from './lazy-action.js';

export const SHELLS = ['bash', 'zsh', 'fish'] as const;

/**
 * `completion <shell>` prints the shell's script; the hidden `complete -- <words>` is what that
 * script runs on every Tab. The completion library is loaded by their actions only.
 */
export function registerCompletion(program: Command): void {
  program
    .command('completion')
    .description('Print the shell completion script for bash, zsh or fish')
    .addArgument(program.createArgument('<shell>', 'bash, zsh or fish').choices([...SHELLS]))
    .addHelpText(
      'after',
      `
Completes commands, the options each takes, profile names, project IDs and the project's domain
names (asked from the API, cached for five minutes; only what the API's patterns allow, never
evaluated by the shell) and the API's paths for api request.

Examples:
  $ domainctl completion bash > ~/.local/share/bash-completion/completions/domainctl
  $ domainctl completion zsh > "\${fpath[1]}/_domainctl"
  $ domainctl completion fish > ~/.config/fish/completions/domainctl.fish`,
    )
    .action(lazyAction(() => import('./completion-actions.js'), 'printScript'));

  program
    .command('complete', { hidden: true })
    .description('Answer a completion request of the shell script (complete -- <words>)')
    .argument('[words...]')
    .allowUnknownOption()
    .helpOption(false)
    .action(lazyAction(() => import('./completion-actions.js'), 'complete'));
}
