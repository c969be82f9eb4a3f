// Whether dist/ is current, for `npm start` (scripts/start.mjs) and `build.mjs --if-stale`: it is
// not when a file that went into the last build (dist/meta.json's inputs: our sources and every
// node_modules file bundled), scripts/build.mjs, package.json or a lockfile was modified since
// that build began, or a bundle is missing. Comparing the modification times of ~1,000 files
// costs a few milliseconds; a checkout or `npm install` touches what it changes.
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
  let meta;
  try {
    meta = JSON.parse(readFileSync(resolve(root, 'dist/meta.json'), 'utf8'));
  } catch {
    return 'there is no dist/meta.json';
  }
  if (typeof meta.startedAt !== 'number') return 'dist/meta.json has no build time';
  const missing = Object.keys(meta.outputs).find((file) => modified(file) === undefined);
  if (missing) return `${missing} is missing`;
  // An input that is gone counts as changed; a build file that is not there (no lockfile) does not.
  const input = Object.keys(meta.inputs).find((file) => !(modified(file) < meta.startedAt));
  if (input) return `${input} changed`;
  const buildFile = BUILD_FILES.find((file) => modified(file) >= meta.startedAt);
  return buildFile ? `${buildFile} changed` : undefined;
}
