import * as nodeModule from 'node:module';
import { setFlagsFromString } from 'node:v8';
import type { GlobalFlags } from '../../config/resolve.js';
import { Interrupted } from '../../core/errors.js';
import type { EndingSignal } from '../../core/exit-codes.js';
import { type BootOptions, bootUi } from './boot.js';
import { FIRST_ANSWERS_WAIT_MS, prefetchFirstScreen, settledWithin } from './prefetch.js';
import { ENTER_ALTERNATE_SCREEN, LEAVE_ALTERNATE_SCREEN, SHOW_CURSOR } from './terminal-modes.js';

/**
 * Runs the terminal UI until the user quits. The UI draws on the alternate screen, so the shell's
 * screen comes back as it was; the terminal is restored on every way out (q, Ctrl+C, a crash, a
 * signal). How the run ends is main()'s to say: a setting that cannot be used (a broken config
 * file, DOMAINCTL_DNS_SERVER) is thrown before the terminal is touched, a crash is thrown once it
 * is restored, and a signal from outside ends it with Interrupted.
 */
export async function runUi(flags: GlobalFlags, options: BootOptions = {}): Promise<void> {
  // The UI makes garbage in small steady amounts (a frame, a page of answers), which V8 takes as
  // a cue to grow its young generation to 16 MB a semi-space; on Node 24 that alone put the peak
  // of a UI with 600 domains at 168 MB. Kept at its first size, the peak is 117 MB (107 on Node
  // 20), and the first frame takes as long (docs/performance.md). A plain V8 flag, read at each
  // scavenge, so it can be set now rather than on the command line.
  setFlagsFromString('--semi-space-growth-factor=1');
  const props = await bootUi(flags, options);
  const { stdout } = process;
  // The first screen's requests go out now, and Ink and React load while they are answered. The
  // size is the one the UI measures first (useTerminalSize).
  const first = props.routes.at(-1);
  let answers: Promise<void> | undefined;
  if (props.session && first) {
    const size = { columns: stdout.columns || 80, rows: stdout.rows || 24 };
    answers = prefetchFirstScreen(props.queryClient, props.session, first, size);
    // One turn of the event loop before the bundle below holds the thread for tens of
    // milliseconds: a loopback API's connection is made and the requests are written in it, so
    // the API answers while Ink loads. Without it, on Node 24 (whose compile cache loads the
    // bundle in one go) the requests only went out once Ink had loaded, and the first frame waited
    // for the whole round trip after it (docs/performance.md).
    await new Promise((resolve) => setImmediate(resolve));
  }
  const { renderApp } = await import('./render-app.js');
  // The answers that came while Ink loaded are read now, so the first frame shows them.
  if (answers) await settledWithin(answers, FIRST_ANSWERS_WAIT_MS);
  let restored = false;
  const restore = () => {
    if (restored) return;
    restored = true;
    stdout.write(LEAVE_ALTERNATE_SCREEN + SHOW_CURSOR);
  };
  process.once('exit', restore);
  stdout.write(ENTER_ALTERNATE_SCREEN);

  let signalled: EndingSignal | undefined;
  const instance = renderApp(props);
  // Node writes its compile cache (enabled by the bin on Node >= 22) only as the process exits, so
  // a UI ended by SIGKILL or a vanished terminal would start uncached every time. Once the first
  // frame is out of the way, write what is compiled so far; it is off the first frame's path.
  setTimeout(flushCompileCache, 1000).unref();
  // A signal from outside (kill, a closed terminal) ends the UI. The terminal is restored right
  // here, synchronously: another handler (Ink's signal-exit hooks signals too) may re-raise the
  // signal and end the process before any promise settles.
  const onSignal = (signal: EndingSignal) => {
    signalled = signal;
    props.services.abortAll();
    instance.unmount();
    restore();
  };
  const signals: EndingSignal[] = ['SIGINT', 'SIGTERM', 'SIGHUP'];
  for (const signal of signals) process.on(signal, onSignal);
  try {
    await instance.waitUntilExit();
  } finally {
    for (const signal of signals) process.off(signal, onSignal);
    restore();
    process.off('exit', restore);
    await props.services.shutdown();
    for (const line of props.services.afterExit) process.stderr.write(`${line}\n`);
  }
  if (signalled) throw new Interrupted(signalled);
}

/** Node >= 22.1 has module.flushCompileCache; on Node 20 there is no cache to write. */
function flushCompileCache(): void {
  try {
    (nodeModule as { flushCompileCache?: () => void }).flushCompileCache?.();
  } catch {
    // A cache directory that cannot be written only costs speed.
  }
}
