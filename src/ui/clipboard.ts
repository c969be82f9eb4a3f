import { spawn } from 'node:child_process';
import { accessSync, constants } from 'node:fs';
import { delimiter, join } from 'node:path';

export interface CopyResult {
  /** How the text went out: `OSC 52` always, then the system tool if one took it. */
  via: string[];
}

/**
 * The OSC 52 escape: the terminal puts the text on the clipboard of the machine the user sits
 * at, so it works over SSH. Inside tmux it is sent as is (tmux passes it on with
 * `set-clipboard on`) and once more wrapped for passthrough (`allow-passthrough on`).
 */
export function osc52(text: string, env: NodeJS.ProcessEnv = process.env): string {
  const sequence = `\u001b]52;c;${Buffer.from(text, 'utf8').toString('base64')}\u0007`;
  if (env.TMUX) return `${sequence}\u001bPtmux;\u001b${sequence}\u001b\\`;
  if (env.TERM?.startsWith('screen') && env.STY) return `\u001bP${sequence}\u001b\\`;
  return sequence;
}

interface Tool {
  command: string;
  args: string[];
}

function onPath(command: string, env: NodeJS.ProcessEnv): boolean {
  for (const dir of (env.PATH ?? '').split(delimiter)) {
    if (!dir) continue;
    try {
      accessSync(join(dir, command), constants.X_OK);
      return true;
    } catch {
      // not in this directory
    }
  }
  return false;
}

/** The system clipboard tool of this machine, if one is installed and has a display to talk to. */
export function systemClipboardTool(
  env: NodeJS.ProcessEnv = process.env,
  platform: NodeJS.Platform = process.platform,
): Tool | undefined {
  const candidates: (Tool & { usable: boolean })[] = [
    { command: 'pbcopy', args: [], usable: platform === 'darwin' },
    { command: 'wl-copy', args: [], usable: Boolean(env.WAYLAND_DISPLAY) },
    { command: 'xclip', args: ['-selection', 'clipboard'], usable: Boolean(env.DISPLAY) },
    { command: 'xsel', args: ['--clipboard', '--input'], usable: Boolean(env.DISPLAY) },
    // Windows, and WSL, where clip.exe reaches the Windows clipboard.
    { command: 'clip.exe', args: [], usable: platform === 'win32' || platform === 'linux' },
  ];
  const found = candidates.find((tool) => tool.usable && onPath(tool.command, env));
  return found ? { command: found.command, args: found.args } : undefined;
}

function pipeTo(tool: Tool, text: string): Promise<boolean> {
  return new Promise((resolve) => {
    let settled = false;
    const done = (ok: boolean) => {
      if (!settled) {
        settled = true;
        resolve(ok);
      }
    };
    try {
      // xclip and wl-copy stay alive to serve the selection: do not wait for them to exit.
      const child = spawn(tool.command, tool.args, { stdio: ['pipe', 'ignore', 'ignore'] });
      child.once('error', () => done(false));
      child.once('exit', (code) => done(code === 0));
      child.stdin.once('error', () => done(false));
      child.stdin.end(text, () => setTimeout(() => done(true), 100).unref());
      child.unref();
    } catch {
      done(false);
    }
  });
}

/**
 * Copies text: OSC 52 first (works over SSH and in tmux), and the system clipboard as well when
 * the session is local and a tool is installed, for terminals that ignore OSC 52.
 */
export async function copyToClipboard(
  text: string,
  writeToTerminal: (data: string) => void,
  env: NodeJS.ProcessEnv = process.env,
): Promise<CopyResult> {
  writeToTerminal(osc52(text, env));
  const via = ['OSC 52'];
  // Over SSH the system clipboard is the server's, not the user's: OSC 52 is the only way.
  if (!env.SSH_CONNECTION && !env.SSH_TTY) {
    const tool = systemClipboardTool(env);
    if (tool && (await pipeTo(tool, text))) via.push(tool.command);
  }
  return { via };
}
