import { constants } from 'node:os';
import { render } from 'ink';
import { RequestInputError } from '../client/errors.js';
import { CliError, ExitCode } from '../commands/exit-codes.js';
import { ConfigError } from '../config/errors.js';
import type { GlobalFlags } from '../config/resolve.js';
import { App } from './App.js';
import { type BootOptions, bootUi } from './boot.js';

const ENTER_ALTERNATE_SCREEN = '\u001b[?1049h\u001b[H';
const LEAVE_ALTERNATE_SCREEN = '\u001b[?1049l';
const SHOW_CURSOR = '\u001b[?25h';

/**
 * Runs the terminal UI until the user quits and returns the exit status. The UI draws on the
 * alternate screen, so the shell's screen comes back as it was; the terminal is restored on
 * every way out (q, Ctrl+C, a crash, a signal).
 */
export async function runUi(flags: GlobalFlags, options: BootOptions = {}): Promise<number> {
  let props: Awaited<ReturnType<typeof bootUi>>;
  try {
    props = await bootUi(flags, options);
  } catch (error) {
    if (error instanceof ConfigError || error instanceof RequestInputError) {
      throw new CliError(error.message, ExitCode.usage);
    }
    throw error;
  }
  const { stdout } = process;
  let restored = false;
  const restore = () => {
    if (restored) return;
    restored = true;
    stdout.write(LEAVE_ALTERNATE_SCREEN + SHOW_CURSOR);
  };
  process.once('exit', restore);
  stdout.write(ENTER_ALTERNATE_SCREEN);

  let status: number = ExitCode.ok;
  // Ctrl+C is a key like the others (the key-map's app.forceQuit): in raw mode it sends no signal.
  const instance = render(<App {...props} />, { exitOnCtrlC: false });
  // A signal from outside (kill, a closed terminal) ends the UI with the shell's 128 + n. The
  // terminal is restored right here, synchronously: another handler (conf's atomic writes hook
  // signals too) may re-raise the signal and end the process before any promise settles.
  const onSignal = (signal: NodeJS.Signals) => {
    status = 128 + (constants.signals[signal] ?? 0);
    instance.unmount();
    restore();
  };
  const signals: NodeJS.Signals[] = ['SIGINT', 'SIGTERM', 'SIGHUP'];
  for (const signal of signals) process.on(signal, onSignal);
  try {
    await instance.waitUntilExit();
  } catch (error) {
    restore();
    process.stderr.write(`domainctl: the UI failed: ${(error as Error).stack ?? error}\n`);
    status = 70;
  } finally {
    for (const signal of signals) process.off(signal, onSignal);
    restore();
    process.off('exit', restore);
    await props.services.shutdown();
  }
  for (const line of props.services.afterExit) process.stderr.write(`${line}\n`);
  return status;
}
