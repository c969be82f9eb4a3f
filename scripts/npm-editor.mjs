import { readFileSync } from 'node:fs';

// npm sets EDITOR for every script it runs (@npmcli/config's set-envs), to its `editor` setting:
// the user's EDITOR, else VISUAL, else `vi`. So under `npm start` a user who set no editor gets
// vi from Ctrl+G, where `domainctl demo` says "no editor". The script's own environment cannot
// tell npm's vi from a user's own EDITOR=vi; the environment npm itself was started with can:
// on Linux, /proc/<pid>/environ holds a process's environment as it was when it started, which
// for npm is the user's shell's.

/** A process's environment as it started, or undefined when it cannot be read. */
function startEnvironment(pid) {
  try {
    const entries = readFileSync(`/proc/${pid}/environ`, 'latin1').split('\0').filter(Boolean);
    return new Map(
      entries.map((entry) => [
        entry.slice(0, entry.indexOf('=')),
        entry.slice(entry.indexOf('=') + 1),
      ]),
    );
  } catch {
    return undefined;
  }
}

/** The parent of a process, from /proc/<pid>/stat (its name, in parentheses, may hold spaces). */
function parentOf(pid) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'latin1');
    return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
  } catch {
    return undefined;
  }
}

/**
 * The EDITOR of the shell that ran npm: the first process up from this one's parent that npm did
 * not start (its environment has no npm_lifecycle_event) is that npm, started by the shell.
 * `{ known: false }` where no /proc says it (macOS, Windows).
 */
export function shellEditor(ppid = process.ppid) {
  let pid = ppid;
  for (let depth = 0; depth < 16 && pid > 1; depth++) {
    const env = startEnvironment(pid);
    if (!env) return { known: false };
    if (!env.has('npm_lifecycle_event')) return { known: true, editor: env.get('EDITOR') };
    pid = parentOf(pid) ?? 0;
  }
  return { known: false };
}

/**
 * Drops the EDITOR that npm put in `env` when the user had none: not when their shell set one,
 * nor when they chose one in npm's own settings (npm_config_editor). Where the shell's cannot be
 * read, npm's default `vi` with no VISUAL is taken for npm's. Outside npm, `env` is left alone.
 */
export function dropNpmEditor(env = process.env, shell = shellEditor) {
  if (!env.npm_lifecycle_event || env.EDITOR === undefined || env.npm_config_editor) return;
  const found = shell();
  const injected = found.known
    ? found.editor === undefined
    : env.EDITOR === 'vi' && env.VISUAL === undefined;
  if (injected) delete env.EDITOR;
}
