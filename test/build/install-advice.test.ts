import { describe, expect, it } from 'vitest';
import { installScriptAdvisories } from '../../scripts/node-line/install-advice.mjs';

// scripts/node-line.mjs fails a Node line whose npm ci printed the install-script advisory (npm
// 11.16+) or said it blocked an install script (npm 12): allowScripts in package.json must leave
// neither npm anything to say. These are the blocks as each npm prints them.

const CLEAN = `
added 412 packages, and audited 413 packages in 21s

96 packages are looking for funding
  run \`npm fund\` for details

found 0 vulnerabilities
`;

const NPM_11 = `
added 412 packages, and audited 413 packages in 21s

found 0 vulnerabilities
npm warn allow-scripts 2 packages have install scripts not yet covered by allowScripts:
npm warn allow-scripts   better-sqlite3@12.4.1 (install: prebuild-install || node-gyp rebuild --release)
npm warn allow-scripts   esbuild@0.25.10 (postinstall: node install.js)
npm warn allow-scripts
npm warn allow-scripts Run \`npm approve-scripts --allow-scripts-pending\` to review, or \`npm approve-scripts <pkg>\` to allow.
`;

const NPM_12 = `
added 412 packages, and audited 413 packages in 19s

found 0 vulnerabilities
npm warn install-scripts 1 package had install scripts blocked because they are not covered by allowScripts:
npm warn install-scripts   esbuild@0.25.10 (postinstall: node install.js)
npm warn install-scripts
npm warn install-scripts Run \`npm install-scripts ls\` to review, or \`npm install-scripts approve <pkg>\` to allow.
`;

describe('installScriptAdvisories', () => {
  it('finds nothing in a clean install, deprecation warnings included', () => {
    const deprecated =
      'npm warn deprecated inflight@1.0.6: This module is not supported, and leaks memory.\n';
    expect(installScriptAdvisories(CLEAN)).toEqual([]);
    expect(installScriptAdvisories(`${deprecated}${CLEAN}`)).toEqual([]);
    expect(installScriptAdvisories('')).toEqual([]);
  });

  it("finds npm 11's allowScripts advisory, every line of its block", () => {
    expect(installScriptAdvisories(NPM_11)).toEqual([
      'npm warn allow-scripts 2 packages have install scripts not yet covered by allowScripts:',
      'npm warn allow-scripts   better-sqlite3@12.4.1 (install: prebuild-install || node-gyp rebuild --release)',
      'npm warn allow-scripts   esbuild@0.25.10 (postinstall: node install.js)',
      'npm warn allow-scripts',
      'npm warn allow-scripts Run `npm approve-scripts --allow-scripts-pending` to review, or `npm approve-scripts <pkg>` to allow.',
    ]);
  });

  it("finds npm 12's blocked install scripts", () => {
    expect(installScriptAdvisories(NPM_12)).toEqual([
      'npm warn install-scripts 1 package had install scripts blocked because they are not covered by allowScripts:',
      'npm warn install-scripts   esbuild@0.25.10 (postinstall: node install.js)',
      'npm warn install-scripts',
      'npm warn install-scripts Run `npm install-scripts ls` to review, or `npm install-scripts approve <pkg>` to allow.',
    ]);
  });

  it('finds the advisory coloured, with CRLF line ends, or without npm prefixes', () => {
    const coloured =
      '\u001b[33mnpm\u001b[39m \u001b[43mwarn\u001b[49m \u001b[35mallow-scripts\u001b[39m 1 package has install scripts not yet covered by allowScripts:\r\n';
    expect(installScriptAdvisories(coloured)).toEqual([
      'npm warn allow-scripts 1 package has install scripts not yet covered by allowScripts:',
    ]);
    const bare =
      '6 packages have install scripts blocked because they are not covered by allowScripts:\n';
    expect(installScriptAdvisories(bare)).toEqual([
      '6 packages have install scripts blocked because they are not covered by allowScripts:',
    ]);
    expect(installScriptAdvisories('npm error install script of esbuild was blocked\n')).toEqual([
      'npm error install script of esbuild was blocked',
    ]);
  });
});
