import { spawn } from 'node:child_process';
import { accessSync, constants } from 'node:fs';
import { delimiter, join } from 'node:path';

/** Where a copy went, or why it went nowhere: the message says exactly this. */
export type CopyResult =
  | {
      copied: true;
      /** Inside tmux: the text is in tmux's paste buffer; tmux's set-clipboard option, which
       * decides whether load-buffer -w passed it on to the terminal (not with `off`). */
      tmuxBuffer?: { setClipboard: string };
      /** Inside tmux, when tmux could not take it (the system clipboard did). */
      tmuxFailed?: string;
      /** OSC 52 was written to the terminal (outside tmux). */
      osc52: boolean;
      /** The system clipboard tool that took it too (local sessions), e.g. `xclip`. */
      tool?: string;
    }
  | { copied: false; reason: string };

/**
 * The OSC 52 escape: the terminal puts the text on the clipboard of the machine the user sits
 * at, so it works over SSH. GNU screen needs it wrapped in a DCS to pass it on. Not used inside
 * tmux: with tmux's default `set-clipboard external` tmux drops it, so nothing would be copied.
 */
export function osc52(text: string, env: NodeJS.ProcessEnv = process.env): string {
  const sequence = `\u001b]52;c;${Buffer.from(text, 'utf8').toString('base64')}\u0007`;
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

/** tmux answers in milliseconds; a server that hangs must not hold the screen's message. */
const TMUX_TIMEOUT_MS = 3000;

/** Runs a tmux command (of the server in $TMUX), `input` on its stdin; its stdout, or why not. */
function runTmux(
  args: string[],
  input: string,
  env: NodeJS.ProcessEnv,
): Promise<{ ok: true; stdout: string } | { ok: false; reason: string }> {
  return new Promise((resolve) => {
    let stdout = '';
    let stderr = '';
    const child = spawn('tmux', args, { env, stdio: ['pipe', 'pipe', 'pipe'] });
    const timer = setTimeout(() => child.kill(), TMUX_TIMEOUT_MS);
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    child.once('error', (error: NodeJS.ErrnoException) => {
      clearTimeout(timer);
      resolve({
        ok: false,
        reason: error.code === 'ENOENT' ? 'tmux is not on PATH' : error.message,
      });
    });
    child.once('close', (code, signal) => {
      clearTimeout(timer);
      if (code === 0) resolve({ ok: true, stdout });
      else {
        const said = stderr.trim().split('\n')[0];
        resolve({
          ok: false,
          reason: said || (signal ? `tmux did not answer (${signal})` : `tmux exited ${code}`),
        });
      }
    });
    // A tmux that exits before reading its input closes the pipe: the close event says why.
    child.stdin.once('error', () => {});
    child.stdin.end(input);
  });
}

/**
 * Inside tmux: the text goes into tmux's paste buffer with `tmux load-buffer -w -`, and -w has
 * tmux pass it on to the outer terminal's clipboard (which tmux allows with its default
 * `set-clipboard external`, while it drops an OSC 52 from an application).
 */
async function copyInTmux(
  text: string,
  env: NodeJS.ProcessEnv,
): Promise<{ ok: true; setClipboard: string } | { ok: false; reason: string }> {
  const loaded = await runTmux(['load-buffer', '-w', '-'], text, env);
  if (!loaded.ok) return loaded;
  const option = await runTmux(['show-options', '-gv', 'set-clipboard'], '', env);
  return { ok: true, setClipboard: option.ok ? option.stdout.trim() : 'unknown' };
}

/**
 * Copies text. Inside tmux through tmux itself; elsewhere as OSC 52 (works over SSH). On a local
 * session the system clipboard tool gets it as well, for terminals that ignore OSC 52. The
 * result says which of these took it, so the message never claims more.
 */
export async function copyToClipboard(
  text: string,
  writeToTerminal: (data: string) => void,
  env: NodeJS.ProcessEnv = process.env,
): Promise<CopyResult> {
  // Over SSH the system clipboard is the server's, not the user's.
  const local = !env.SSH_CONNECTION && !env.SSH_TTY;
  const tool = local ? systemClipboardTool(env) : undefined;
  const toolTook = async () => (tool && (await pipeTo(tool, text)) ? tool.command : undefined);
  if (env.TMUX) {
    const [tmux, toolName] = await Promise.all([copyInTmux(text, env), toolTook()]);
    if (tmux.ok) {
      const tmuxBuffer = { setClipboard: tmux.setClipboard };
      return { copied: true, tmuxBuffer, osc52: false, tool: toolName };
    }
    const reason = `tmux load-buffer failed: ${tmux.reason}`;
    if (toolName) return { copied: true, tmuxFailed: reason, osc52: false, tool: toolName };
    return { copied: false, reason };
  }
  writeToTerminal(osc52(text, env));
  return { copied: true, osc52: true, tool: await toolTook() };
}
