// What scripts/node-line.mjs looks for in npm ci's output: the install-script advisory of npm
// 11.16+ ("npm warn allow-scripts 2 packages have install scripts not yet covered by
// allowScripts:") and npm 12's report of the scripts it skipped ("npm warn install-scripts 1
// package had install scripts blocked because they are not covered by allowScripts:"). Either
// means package.json's allowScripts has no decision for a dependency with an install script: on
// npm 12 that script did not run (Node 20 would be left without its SQLite driver), and on npm 11
// a newcomer reads the warning as a broken install. So CI fails the line rather than pass it.
import { stripVTControlCharacters } from 'node:util';

// npm prefixes each line of the block with its topic: `allow-scripts` on npm 11,
// `install-scripts` on npm 12.
const TOPIC = /^npm (?:warn|WARN|error|ERR!) (?:allow-scripts|install-scripts)\b/;
// The heading without the prefix (a log level or a terminal may leave it out).
const NOT_COVERED = /not (?:yet )?covered by allowScripts/i;
// A line that says an install script was blocked, however npm words it.
const BLOCKED = /\binstall scripts?\b.*\bblocked\b|\bblocked\b.*\binstall scripts?\b/i;

/**
 * The lines of npm's output (stdout and stderr, as one text) that are the install-script
 * advisory or say an install script was blocked, colours stripped and trimmed at the end; none
 * when the install was clean.
 */
export function installScriptAdvisories(output) {
  return stripVTControlCharacters(output)
    .split(/\r?\n/)
    .map((line) => line.trimEnd())
    .filter((line) => TOPIC.test(line) || NOT_COVERED.test(line) || BLOCKED.test(line));
}
