import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect } from 'vitest';
import { type RunOptions, runCli } from '../helpers/cli.js';
import { it } from '../helpers/fixtures.js';
import { TESTER_KEY } from '../helpers/server.js';

// The command tests run main() in their own process (runCli); these run every command once more
// through the built bin (`node bin/domainctl.js`, the bundle and its lazily loaded action bundles)
// and require the very same stdout, stderr and exit code. A command that works from the source
// but not from the bundle (a module left out, an import the bundle resolves another way) fails
// here.

/** A config folder holding one profile, "work", on `baseUrl`: a fresh copy for each run. */
function configWithProfile(baseUrl: string): () => string {
  const file = JSON.stringify({
    active: 'work',
    profiles: { work: { base_url: baseUrl, token: TESTER_KEY, project: 'prj_demo_scale' } },
  });
  return () => {
    const dir = mkdtempSync(join(tmpdir(), 'domainctl-bin-'));
    writeFileSync(join(dir, 'config.json'), file, { mode: 0o600 });
    return dir;
  };
}

interface Case {
  args: string[];
  /** The environment of both runs; `config` is called once for each run. */
  env?: (url: string) => RunOptions['env'];
  config?: (url: string) => () => string;
  input?: string;
}

const asTester = (url: string) => ({
  DOMAINCTL_BASE_URL: url,
  DOMAINCTL_TOKEN: TESTER_KEY,
  DOMAINCTL_PROJECT: 'prj_demo_scale',
});

const cases: Record<string, Case> = {
  '--version': { args: ['--version'] },
  '--help': { args: ['--help'] },
  'api request': { args: ['api', 'request', 'GET', '/v1/projects'], env: asTester },
  'api request --jq': {
    args: ['api', 'request', 'GET', '/v1/projects', '--jq', '.projects[].id'],
    env: asTester,
  },
  'domains list': { args: ['domains', 'list', '--page-size', '3'], env: asTester },
  'domains add (refused on a free plan)': {
    args: ['domains', 'add', 'bin.example.com', '--project', 'prj_demo_free'],
    env: asTester,
  },
  'domains records': { args: ['domains', 'records', 'www.acme-shop.com'], env: asTester },
  'domains check (a domain the project does not have)': {
    args: ['domains', 'check', 'nowhere.example.com'],
    env: asTester,
  },
  'domains wait (verified already)': {
    args: ['domains', 'wait', 'www.acme-shop.com', '--json'],
    env: asTester,
  },
  'profile add': {
    args: ['profile', 'add', 'home', '--base-url', 'http://127.0.0.1:9', '--token-stdin'],
    input: 'dk_from_stdin\n',
  },
  'profile list': { args: ['profile', 'list'], config: configWithProfile },
  'profile show': { args: ['profile', 'show', '--json'], config: configWithProfile },
  'profile set': {
    args: ['profile', 'set', 'work', '--project', 'prj_demo_free'],
    config: configWithProfile,
  },
  'profile use': { args: ['profile', 'use', 'work'], config: configWithProfile },
  'profile remove': { args: ['profile', 'remove', 'work'], config: configWithProfile },
  'serve (refused: a port that is no number)': { args: ['serve', '--port', 'abc'] },
  'demo (refused: no terminal)': { args: ['demo'] },
};

describe('the built bin answers every command as main() does', () => {
  for (const [name, { args, env, config, input }] of Object.entries(cases)) {
    it(name, async ({ server, bin }) => {
      const copies: string[] = [];
      const options = (): RunOptions => {
        const dir = config?.(server.url)();
        if (dir) copies.push(dir);
        return {
          env: { ...env?.(server.url), ...(dir ? { DOMAINCTL_CONFIG_DIR: dir } : {}) },
          input,
        };
      };
      try {
        const inProcess = await runCli(args, options());
        expect(inProcess.stdout + inProcess.stderr).not.toBe('');
        expect(await bin(args, options())).toEqual(inProcess);
      } finally {
        for (const dir of copies) rmSync(dir, { recursive: true, force: true });
      }
    });
  }

  // @bomb.sh/tab prints the script with console.log, on the process's stdout: only the bin has
  // it where a shell reads it.
  it('completion bash', async ({ bin }) => {
    const result = await bin(['completion', 'bash']);
    expect({ stderr: result.stderr, code: result.code }).toEqual({ stderr: '', code: 0 });
    expect(result.stdout).toMatch(/^# bash completion for domainctl/m);
  });
});
