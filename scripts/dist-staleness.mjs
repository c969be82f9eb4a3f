// Whether dist/ is current, for `npm start` (scripts/start.mjs) and `build.mjs --if-stale`: it is
// not when one of our files that went into the last build (dist/stamp.json's inputs, which
// build.mjs takes from meta.json), scripts/build.mjs, package.json or a lockfile (npm rewrites
// node_modules/.package-lock.json whenever it changes a package) was modified since that build
// began, or a bundle is missing. Comparing the modification times of ~250 files costs about a
// millisecond; a checkout or `npm install` touches what it changes.
import { readFileSync, statSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

/** What makes a build stale besides its inputs: how it is built and which packages it takes. */
const BUILD_FILES = [
  'scripts/build.mjs',
  'package.json',
  'package-lock.json',
  'node_modules/.package-lock.json',
];

/** Why dist/ must be built again, or undefined when it is current. */
export function staleness(root = ROOT) {
  const modified = (file) => {
    try {
      return statSync(resolve(root, file)).mtimeMs;
    } catch {
      return undefined;
    }
  };
  let stamp;
  try {
    stamp = JSON.parse(readFileSync(resolve(root, 'dist/stamp.json'), 'utf8'));
  } catch {
    return 'there is no dist/stamp.json';
  }
  if (typeof stamp.startedAt !== 'number') return 'dist/stamp.json has no build time';
  const missing = stamp.outputs.find((file) => modified(file) === undefined);
  if (missing) return `${missing} is missing`;
  // An input that is gone counts as changed; a build file that is not there (no lockfile) does not.
  const input = stamp.inputs.find((file) => !(modified(file) < stamp.startedAt));
  if (input) return `${input} changed`;
  const buildFile = BUILD_FILES.find((file) => modified(file) >= stamp.startedAt);
  return buildFile ? `${buildFile} changed` : undefined;
}
