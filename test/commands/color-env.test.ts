import { describe, expect, it } from 'vitest';
import { colorEnabled, settleColorEnv } from '../../src/commands/global-options.js';
import { stripAnsi } from '../../src/commands/style.js';
import { runBin } from '../helpers/cli.js';
import { seededServerForFile } from '../helpers/fixtures.js';
import { TESTER_KEY } from '../helpers/server.js';

const server = seededServerForFile();

describe('settleColorEnv', () => {
  it('leaves at most one of NO_COLOR and FORCE_COLOR, and every colour decision as it was', () => {
    for (const noColor of [undefined, '', '1']) {
      for (const forceColor of [undefined, '', '0', '1', '2', '3', 'true', 'false']) {
        for (const isTTY of [true, false]) {
          for (const color of [undefined, false]) {
            const env: NodeJS.ProcessEnv = {};
            if (noColor !== undefined) env.NO_COLOR = noColor;
            if (forceColor !== undefined) env.FORCE_COLOR = forceColor;
            const stream = { isTTY } as NodeJS.WriteStream;
            const settled = { ...env };
            settleColorEnv(settled);
            const label = JSON.stringify({ env, isTTY, color });
            expect(colorEnabled({ color }, stream, settled), label).toBe(
              colorEnabled({ color }, stream, env),
            );
            expect('NO_COLOR' in settled && 'FORCE_COLOR' in settled, label).toBe(false);
          }
        }
      }
    }
  });
});

// Node 22 and later warn on stderr when both are set and node:assert loads (conf loads it in
// every command that reads profiles). These compare each command's whole output with and without
// FORCE_COLOR, so the warning, or any colour, shows up as a difference. The warning is the
// process's, so these run the bin.
describe('NO_COLOR with FORCE_COLOR set too: no colour and no Node warning', () => {
  const commands: [string, string[]][] = [
    ['api request', ['api', 'request', 'GET', '/v1/projects']],
    ['domains list', ['domains', 'list', '--project', 'prj_demo_scale']],
    ['profile list', ['profile', 'list']],
  ];
  for (const [name, args] of commands) {
    it(`${name}: the same stdout, stderr and exit code as with NO_COLOR alone`, async () => {
      const run = (env: Record<string, string>) =>
        runBin([...args, '--base-url', server.url, '--token', TESTER_KEY], { env });
      const plain = await run({ NO_COLOR: '1' });
      expect(plain.code).toBe(0);
      expect(stripAnsi(plain.stdout)).toBe(plain.stdout);
      for (const force of ['1', '3', '']) {
        expect(await run({ NO_COLOR: '1', FORCE_COLOR: force }), `FORCE_COLOR=${force}`).toEqual(
          plain,
        );
      }
      // Four runs of the bin, one after another: seconds each on a machine running the suite.
    }, 60_000);
  }

  it('an empty NO_COLOR means nothing: FORCE_COLOR colours, and nothing is said about it', async () => {
    const result = await runBin(
      ['api', 'request', 'GET', '/v1/regions', '--base-url', server.url],
      {
        env: { NO_COLOR: '', FORCE_COLOR: '1' },
      },
    );
    expect(result.stdout).toContain('\u001b[34m"regions"\u001b[39m: [');
    expect({ stderr: result.stderr, code: result.code }).toEqual({ stderr: '', code: 0 });
  });
});
