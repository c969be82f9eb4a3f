import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** What came back from the editor: the text as saved, or why there is none. */
export type EditOutcome =
  { ok: true; text: string; editor: string } | { ok: false; message: string };

/** $VISUAL, then $EDITOR, as git and crontab choose; undefined when neither is set. */
export function editorCommand(env: NodeJS.ProcessEnv): string | undefined {
  return env.VISUAL?.trim() || env.EDITOR?.trim() || undefined;
}

/**
 * Opens the text in the user's editor and waits for it to end: in a file of its own in a fresh
 * directory (mode 0600: a body may hold what others should not read), removed afterwards. The
 * command runs through the shell, as git runs $EDITOR, so `code --wait` or `vim -u NONE` work.
 * Synchronous on purpose: nothing of the UI may draw while the editor has the terminal.
 */
export function editInEditor(
  text: string,
  options: { env: NodeJS.ProcessEnv; extension: string },
): EditOutcome {
  const editor = editorCommand(options.env);
  if (!editor) {
    return { ok: false, message: 'no editor: set $VISUAL or $EDITOR (export EDITOR=nano, say)' };
  }
  const dir = mkdtempSync(join(tmpdir(), 'domainctl-body-'));
  const file = join(dir, `body${options.extension}`);
  try {
    writeFileSync(file, text, { mode: 0o600 });
    const result =
      process.platform === 'win32'
        ? spawnSync(`${editor} "${file}"`, { shell: true, stdio: 'inherit', env: options.env })
        : spawnSync('/bin/sh', ['-c', `${editor} "$@"`, editor, file], {
            stdio: 'inherit',
            env: options.env,
          });
    if (result.error)
      return { ok: false, message: `cannot start ${editor}: ${result.error.message}` };
    if (result.status !== 0) {
      const how = result.signal ? `by ${result.signal}` : `with exit code ${result.status}`;
      return { ok: false, message: `${editor} ended ${how}; the body is as it was` };
    }
    // Editors end the file with a line break; a body does not need one. CR LF is one break.
    const saved = readFileSync(file, 'utf8').replaceAll('\r\n', '\n').replace(/\n$/, '');
    return { ok: true, text: saved.replaceAll('\t', '  '), editor };
  } catch (error) {
    return { ok: false, message: `cannot edit the body: ${(error as Error).message}` };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
