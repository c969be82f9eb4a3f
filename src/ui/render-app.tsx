import { type Instance, render } from 'ink';
import { App, type AppProps } from './App.js';
import { InkStdin } from './input/ink-stdin.js';
import { InputRoot } from './input/InputRoot.js';
import { KeyBus } from './input/key-bus.js';
import { UiSettler } from './input/settle.js';
import type { TerminalStdin } from './input/terminal-input.js';

/** The terminal the app runs in; the process's own unless a test gives one. */
export interface AppTerminal {
  stdin: TerminalStdin;
  stdout: NodeJS.WriteStream;
  stderr: NodeJS.WriteStream;
  /** Ink's debug mode: every frame written whole, as ink-testing-library renders. */
  debug?: boolean;
}

/**
 * Ink, React, yoga's WebAssembly and every screen: the bulk of the UI, a bundle of its own that
 * run.ts loads while the first screen's requests are already on their way.
 *
 * Keys go the bus's way: the bus reads the terminal, splits each read into keys and hands them
 * out one at a time, to its listeners and then to Ink's input (InkStdin), waiting between two
 * keys until the UI has settled. Ink never reads the terminal itself.
 */
export function renderApp(props: AppProps, terminal?: AppTerminal): Instance {
  const inkStdin = new InkStdin();
  const bus: KeyBus = new KeyBus(
    () => settler.settle(),
    (sequence) => inkStdin.type(sequence),
  );
  const settler = new UiSettler(() => bus.renders);
  return render(
    <InputRoot bus={bus} settler={settler} terminal={terminal?.stdin ?? process.stdin}>
      <App {...props} />
    </InputRoot>,
    {
      // Ctrl+C is a key like the others (the key-map's app.forceQuit): in raw mode it sends no signal.
      exitOnCtrlC: false,
      // Ink takes any stream that behaves as a terminal's stdin does.
      stdin: inkStdin as unknown as NodeJS.ReadStream,
      ...(terminal && {
        stdout: terminal.stdout,
        stderr: terminal.stderr,
        debug: terminal.debug,
        patchConsole: false,
      }),
    },
  );
}
