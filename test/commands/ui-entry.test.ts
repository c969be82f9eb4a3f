import { describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.js';

// runCli's stdin and stdout are not terminals, as in a script.
describe('the UI entry points without a terminal', () => {
  it('no command prints the hint and exits 2, never opening the UI', async () => {
    expect(await runCli([])).toEqual({
      stdout: '',
      stderr: 'domainctl: no command given. Run domainctl --help for the commands.\n',
      code: 2,
    });
  });

  it('demo refuses to run and exits 2', async () => {
    expect(await runCli(['demo'])).toEqual({
      stdout: '',
      stderr:
        'domainctl: demo needs a terminal; for scripts, run `domainctl serve --seed demo --db :memory:` and the non-interactive commands\n',
      code: 2,
    });
  });

  it('demo is listed in the help', async () => {
    const result = await runCli(['--help']);
    expect({ stderr: result.stderr, code: result.code }).toEqual({ stderr: '', code: 0 });
    expect(result.stdout).toMatch(/demo \[options\]\s+Open the terminal UI on a reference API/);
  });
});
