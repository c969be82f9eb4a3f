import { spawn, spawnSync } from 'node:child_process';
import { symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from 'vitest';
import { BIN, runCli, tempConfigDir } from './cli.js';
import { TESTER_KEY } from './server.js';

// Shell completion in real shells: bash, zsh and fish load the script `domainctl completion
// <shell>` prints, and the candidates of a Tab are read back from the shell itself. `domainctl`
// is on the shells' PATH (a link to the bin), as it is for a user.

export const BASH_COMPLETION = '/usr/share/bash-completion/bash_completion';

/** Fails with what to install when a shell the test drives is missing. */
export function needs(program: string, check: () => boolean, install: string): void {
  if (!check()) {
    throw new Error(
      `this test needs ${program}, which is not installed: apt-get install -y ${install}`,
    );
  }
}

export const needsBashCompletion = () =>
  needs(
    'bash-completion',
    () => spawnSync('test', ['-f', BASH_COMPLETION]).status === 0,
    'bash-completion',
  );
export const needsZsh = () =>
  needs('zsh', () => spawnSync('zsh', ['--version']).status === 0, 'zsh');
export const needsFish = () =>
  needs('fish', () => spawnSync('fish', ['--version']).status === 0, 'fish');

export interface CompletionShells {
  /** The shells' environment; a test may change it (PATH, XDG_CACHE_HOME) for what follows. */
  env: Record<string, string>;
  /** XDG_CACHE_HOME as it was set up: the completion cache is in `domainctl/completion` in it. */
  cacheDir: string;
  /** The shells' working folder. */
  workDir: string;
  /** Runs a shell in workDir, without blocking this process (the test servers answer from it). */
  shell(program: string, args: string[]): Promise<{ stdout: string; stderr: string }>;
  /**
   * The candidates bash offers for `line` (the cursor at its end): bash-completion and our script
   * loaded, COMP_* set as bash sets them on a Tab, our function called, COMPREPLY read back.
   */
  bash(line: string): Promise<{ candidates: string[] }>;
  /** The candidates fish offers (`complete -C`), values only. */
  fish(line: string): Promise<string[]>;
}

/**
 * A config folder with a profile for each of `profiles` (name, base URL, default project; the
 * demo tester's key), a cache folder, a working folder, `domainctl` on PATH, and the bash and fish
 * scripts printed once into files, as the scripting guide installs them.
 */
export async function completionShells(
  profiles: readonly (readonly [name: string, url: string, project: string])[],
): Promise<CompletionShells> {
  const bin = tempConfigDir();
  symlinkSync(BIN, join(bin, 'domainctl'));
  const config = tempConfigDir();
  const cacheDir = tempConfigDir();
  const workDir = tempConfigDir();
  const env: Record<string, string> = {
    PATH: `${bin}:${process.env.PATH ?? ''}`,
    HOME: tempConfigDir(),
    TZ: 'UTC',
    NO_COLOR: '1',
    DOMAINCTL_CONFIG_DIR: config,
    XDG_CACHE_HOME: cacheDir,
  };
  for (const [name, url, project] of profiles) {
    const added = await runCli(
      ['profile', 'add', name, '--base-url', url, '--token', TESTER_KEY, '--project', project],
      { env: { DOMAINCTL_CONFIG_DIR: config } },
    );
    expect(added.code).toBe(0);
  }

  const shell = (program: string, args: string[]) =>
    new Promise<{ stdout: string; stderr: string }>((resolve, reject) => {
      const child = spawn(program, args, { env, cwd: workDir, stdio: ['ignore', 'pipe', 'pipe'] });
      let stdout = '';
      let stderr = '';
      child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
      child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
      child.on('error', reject);
      child.on('close', () => resolve({ stdout, stderr }));
    });

  const scripts = tempConfigDir();
  const printed = await shell('bash', [
    '--norc',
    '--noprofile',
    '-c',
    `domainctl completion bash > ${join(scripts, 'bash')} && domainctl completion fish > ${join(scripts, 'fish')}`,
  ]);
  expect(printed.stderr).toBe('');
  writeFileSync(join(workDir, 'hosts.txt'), 'shop.example.com\n');

  const bash = async (line: string) => {
    needsBashCompletion();
    const script = `
source ${BASH_COMPLETION}
source ${join(scripts, 'bash')}
COMP_LINE="$1"; COMP_POINT=\${#COMP_LINE}
read -ra COMP_WORDS <<< "$COMP_LINE"; [[ "$COMP_LINE" == *" " ]] && COMP_WORDS+=("")
COMP_CWORD=$(( \${#COMP_WORDS[@]} - 1 ))
__domainctl_complete 2>/dev/null
printf '%s\\n' "\${COMPREPLY[@]}"`;
    const result = await shell('bash', ['--norc', '--noprofile', '-c', script, 'bash', line]);
    expect(result.stderr).toBe('');
    return { candidates: result.stdout.split('\n').filter((c) => c !== '') };
  };

  const fish = async (line: string) => {
    needsFish();
    const result = await shell('fish', [
      '--no-config',
      '-c',
      `source ${join(scripts, 'fish')}; complete -C $argv[1]`,
      line,
    ]);
    expect(result.stderr).toBe('');
    return result.stdout
      .split('\n')
      .filter((l) => l !== '')
      .map((l) => l.split('\t')[0] as string);
  };

  return { env, cacheDir, workDir, shell, bash, fish };
}

/**
 * A completion that asks the API, asked again while it offers nothing: a Tab answers within 1 s,
 * and on a machine running the whole suite the API's share of that second can run out before
 * the answer comes (the timing is completion.test.ts's). What it offers once answered is the
 * point here. Returns the candidates and how many times it asked.
 */
export async function offered(
  ask: () => Promise<string[]>,
): Promise<{ candidates: string[]; asks: number }> {
  for (let asks = 1; ; asks++) {
    const candidates = await ask();
    if (candidates.length > 0 || asks === 5) return { candidates, asks };
  }
}
