import { render } from 'ink';
import type { ReactElement } from 'react';
import { App, type AppProps } from './App.js';
import { InkStdin } from '../input/ink-stdin.js';
import { InputRoot } from '../input/InputRoot.js';
import { KeyBus } from '../input/key-bus.js';
import { UiSettler } from '../input/settle.js';
import type { TerminalStdin } from '../input/terminal-input.js';

const ESC = '\u001b';

/** What Ink reads its keys from: a terminal's stdin, as Ink's `stdin` option takes it. */
export interface InkInput {
  write(sequence: string): unknown;
  listenerCount(event: 'readable'): number;
}

/** The app's tree with its key bus, before Ink is given it. */
export interface KeyedApp {
  tree: ReactElement;
  /** The stdin Ink reads: the bus writes each key there once its own listeners have heard it. */
  connectInk(input: InkInput): void;
}

/**
 * The app wired to its keys: the bus reads `terminal`, splits each read into keys and hands them
 * out one at a time, to its listeners and then to Ink's input, waiting between two keys until
 * the UI has settled. Ink never reads the terminal itself, so components that read Ink's useInput
 * (ink-select-input) get keys typed ahead one at a time, with the state the key before left.
 */
export function keyedApp(props: AppProps, terminal: TerminalStdin): KeyedApp {
  let ink: InkInput | undefined;
  const bus: KeyBus = new KeyBus(
    () => settler.settle(),
    (sequence) => {
      // With no useInput active Ink does not read: a key kept for later would reach a list that
      // opens afterwards.
      if (sequence === '' || !ink || ink.listenerCount('readable') === 0) return;
      // Ink's own use of a lone Esc is to take the focus from whatever field has it; the app
      // moves focus itself (Esc closes the help, cancels a prompt), and a field left without it
      // took no more typing while `q` quit. No pick list needs Esc.
      if (sequence === ESC) return;
      ink.write(sequence);
    },
  );
  const settler = new UiSettler(() => bus.renders);
  return {
    tree: (
      <InputRoot bus={bus} settler={settler} terminal={terminal}>
        <App {...props} />
      </InputRoot>
    ),
    connectInk(input) {
      ink = input;
    },
  };
}

/**
 * Ink, React, yoga's WebAssembly and every screen: the bulk of the UI, a bundle of its own that
 * run.ts loads while the first screen's requests are already on their way.
 */
export function renderApp(props: AppProps) {
  const app = keyedApp(props, process.stdin);
  const inkStdin = new InkStdin();
  app.connectInk(inkStdin);
  return render(app.tree, {
    // Ctrl+C is a key like the others (the key-map's app.forceQuit): in raw mode it sends no signal.
    exitOnCtrlC: false,
    // Ink takes any stream that behaves as a terminal's stdin does.
    stdin: inkStdin as unknown as NodeJS.ReadStream,
  });
}
