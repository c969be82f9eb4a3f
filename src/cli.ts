// The one entry: the bin's shim loads this bundle. main() parses argv and dispatches; the UI and
// the server are reached through dynamic import() inside their commands, so a script's
// `api request` never loads Ink or Hono.
import { settleColorEnv } from './commands/global-options.js';
import { main } from './main.js';

// Before anything loads Node's colour helpers (conf and Ink load node:assert lazily): with
// NO_COLOR and FORCE_COLOR both set, Node 22+ would warn on stderr that NO_COLOR is ignored,
// which is not our rule (see settleColorEnv).
settleColorEnv();

await main(process.argv);
