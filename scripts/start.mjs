// npm start: the demo, built first only when dist/ is not current (dist-staleness.mjs), in one
// Node process: the bin's shim is loaded here rather than started as another process, which
// would cost one more Node start before the first frame. Arguments go to the bin (`demo`, and
// whatever `npm start -- …` adds).
import { staleness } from './dist-staleness.mjs';
import { dropNpmEditor } from './npm-editor.mjs';

// Ctrl+G opens the user's editor, not the one npm sets for its scripts (npm-editor.mjs).
dropNpmEditor();

const why = staleness();
if (why !== undefined) {
  process.stderr.write(`Building dist/ (${why}) ...\n`);
  await import('./build.mjs');
}
await import('../bin/domainctl.js');
