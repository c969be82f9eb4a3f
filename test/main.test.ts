import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable, Writable } from 'node:stream';
import { CommanderError } from 'commander';
import { afterAll, describe, expect, it } from 'vitest';
import { ConfigError, Interrupted } from '../src/core/errors.js';
import { ending, main } from '../src/main.js';

describe('how main() ends a run that failed', () => {
  it('says a bug in one line, and shows its stack with --debug alone', () => {
    const bug = new TypeError('cannot read properties of undefined');
    expect(ending(bug, false)).toEqual({
      text: 'domainctl: unexpected error: cannot read properties of undefined\n',
      exitCode: 70,
      immediate: false,
    });
    const debug = ending(bug, true);
    expect(debug.exitCode).toBe(70);
    expect(debug.text).toMatch(
      /^domainctl: unexpected error: cannot read properties of undefined\nTypeError: cannot read properties of undefined\n\s+at /,
    );
  });

  it('never shows a stack for a failure it foresaw, --debug or not', () => {
    const error = new ConfigError('config.json is not valid JSON');
    expect(ending(error, true)).toEqual({
      text: 'domainctl: config.json is not valid JSON\n',
      exitCode: 2,
      immediate: false,
    });
  });

  it("says commander's parse errors with our prefix, then the hint", () => {
    const error = new CommanderError(
      1,
      'commander.unknownOption',
      "error: unknown option '--nope'",
    );
    expect(ending(error, false)).toEqual({
      text: "domainctl: unknown option '--nope'\n(run with --help for usage)\n",
      exitCode: 2,
      immediate: false,
    });
    const typo = new CommanderError(
      1,
      'commander.unknownCommand',
      "error: unknown command 'lst'\n(Did you mean list?)",
    );
    expect(ending(typo, false)).toEqual({
      text: "domainctl: unknown command 'lst'\n(Did you mean list?)\n(run with --help for usage)\n",
      exitCode: 2,
      immediate: false,
    });
    expect(ending(new CommanderError(0, 'commander.helpDisplayed', '(outputHelp)'), false)).toEqual(
      { text: '', exitCode: 0, immediate: false },
    );
  });

  it('ends a run a signal stopped at once, with nothing more to say', () => {
    expect(ending(new Interrupted('SIGINT'), false)).toEqual({
      text: '',
      exitCode: 130,
      immediate: true,
    });
  });

  it('shows what a line quotes with its control characters made visible', () => {
    expect(ending(new ConfigError('bad \u001b]0;title\u0007 value'), false).text).toBe(
      'domainctl: bad \\u001b]0;title\\u0007 value\n',
    );
  });
});

/** A stream that keeps what is written to it. */
function capture() {
  const chunks: Buffer[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      chunks.push(chunk);
      done();
    },
  });
  return Object.assign(stream, { text: () => Buffer.concat(chunks).toString('utf8') });
}

/** main() on its own streams and environment: what it wrote, and how it ended. */
async function run(args: string[], env: NodeJS.ProcessEnv, input = '') {
  const stdout = capture();
  const stderr = capture();
  const stdin = Readable.from([Buffer.from(input)]);
  const end = await main(['node', 'domainctl', ...args], { stdin, stdout, stderr, env });
  return { stdout: stdout.text(), stderr: stderr.text(), ...end };
}

describe('main() runs on the io it is given', () => {
  const dirs: string[] = [];
  afterAll(() => {
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });
  const configDir = () => {
    const dir = mkdtempSync(join(tmpdir(), 'domainctl-main-'));
    dirs.push(dir);
    return { DOMAINCTL_CONFIG_DIR: dir };
  };

  it('reads stdin, the environment and writes stdout of its own, two runs at once', async () => {
    const [alpha, beta] = [configDir(), configDir()];
    const add = (name: string, env: NodeJS.ProcessEnv) =>
      run(
        ['profile', 'add', name, '--base-url', 'http://127.0.0.1:9', '--token-stdin'],
        env,
        `dk_${name}_1234\n`,
      );
    const added = await Promise.all([add('alpha', alpha), add('beta', beta)]);
    expect(added.map((r) => r.exitCode)).toEqual([0, 0]);
    const [listA, listB] = await Promise.all([
      run(['profile', 'list', '--json'], alpha),
      run(['profile', 'list', '--json'], beta),
    ]);
    const row = (name: string) => ({
      name,
      active: true,
      base_url: 'http://127.0.0.1:9',
      token: '****1234',
      project: null,
      org: null,
      read_only: false,
      label: null,
      color: null,
    });
    expect(listA).toEqual({
      stdout: `${JSON.stringify([row('alpha')])}\n`,
      stderr: '',
      exitCode: 0,
      immediate: false,
    });
    expect(listB.stdout).toBe(`${JSON.stringify([row('beta')])}\n`);
  });

  it('says a failure on its own stderr and returns the exit code, leaving the process alone', async () => {
    const before = process.exitCode;
    expect(await run(['domains', 'list'], configDir())).toEqual({
      stdout: '',
      stderr:
        'domainctl: no profile yet, and no project, API or token given: add a profile with domainctl profile add NAME --base-url URL --token-stdin --project ID, or try domainctl on demo data with domainctl demo\n',
      exitCode: 2,
      immediate: false,
    });
    expect(process.exitCode).toBe(before);
  });
});
