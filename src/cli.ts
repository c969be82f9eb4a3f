// The one entry: the bin's shim loads this bundle. main() parses argv and dispatches; the UI and
// the server are reached through dynamic import() inside their commands, so a script's
// `api request` never loads Ink or Hono.
import { main } from './main.js';

await main(process.argv);
