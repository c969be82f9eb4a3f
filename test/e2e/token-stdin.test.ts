// @module-tag tmux
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { repoRoot as root, terminalSessionForFile } from '../helpers/terminal-session.js';
import { shellNode } from '../helpers/tmux.js';

// `profile add … --token-stdin` at a real terminal (tmux, CI unset): the token is typed without
// echo, as `read -s` reads a password, so it is never on the screen, in the scrollback or in a
// terminal's log. Before, readStdin echoed every character and waited for Ctrl+D.
const session = terminalSessionForFile({ name: 'token-stdin', columns: 100, rows: 20 });
const TOKEN = 'dk_typed_at_the_terminal_9f3k';

/** `profile add NAME --token-stdin` started in the terminal, at its prompt. */
async function addProfile(name: string): Promise<void> {
  const { send, waitForScreen } = session.term;
  await send({ text: 'clear' }, 'Enter');
  await send(
    {
      text: `cd ${root} && ${shellNode} bin/domainctl.js profile add ${name} --base-url ${session.server.url} --token-stdin; echo EXIT:$?`,
    },
    'Enter',
  );
  await waitForScreen('The token (not shown as you type):');
}

const savedToken = (name: string): unknown =>
  (
    JSON.parse(readFileSync(join(session.configDir, 'config.json'), 'utf8')) as {
      profiles: Record<string, { token?: string }>;
    }
  ).profiles[name]?.token;

describe('profile add --token-stdin at a terminal', () => {
  it('reads one line without echo: the token is saved and never on the screen', async () => {
    await addProfile('typed');
    await session.term.send({ text: TOKEN });
    // Ctrl+U clears what was typed, as readline does; the second try is what counts.
    await session.term.send('C-u', { text: TOKEN }, 'Enter');
    const screen = await session.term.waitForScreen('EXIT:0');
    expect(screen).toContain('Added profile "typed"');
    expect(screen).toContain('token ****9f3k');
    expect(screen).not.toContain('typed_at');
    // The scrollback too (tmux's whole history of the pane).
    expect(session.term.tmux('capture-pane', '-p', '-S', '-', '-t', 'token-stdin')).not.toContain(
      'typed_at',
    );
    expect(savedToken('typed')).toBe(TOKEN);
  });

  it('Ctrl+D on an empty line is an empty token (2), and nothing is saved', async () => {
    await addProfile('empty');
    await session.term.send('C-d');
    const screen = await session.term.waitForScreen('EXIT:2');
    expect(screen).toContain('domainctl: --token-stdin read an empty token from stdin');
    expect(savedToken('empty')).toBeUndefined();
  });

  it('Ctrl+C ends it as SIGINT would (130), and nothing is saved', async () => {
    await addProfile('stopped');
    await session.term.send({ text: 'dk_half' }, 'C-c');
    const screen = await session.term.waitForScreen('EXIT:130');
    expect(screen).not.toContain('dk_half');
    expect(savedToken('stopped')).toBeUndefined();
  });
});
