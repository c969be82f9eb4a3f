import { type Instance, render } from 'ink';
import { App, type AppProps } from './App.js';

/**
 * Ink, React, yoga's WebAssembly and every screen: the bulk of the UI, a bundle of its own that
 * run.ts loads while the first screen's requests are already on their way.
 */
export function renderApp(props: AppProps): Instance {
  // Ctrl+C is a key like the others (the key-map's app.forceQuit): in raw mode it sends no signal.
  return render(<App {...props} />, { exitOnCtrlC: false });
}
