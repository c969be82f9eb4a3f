import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { runCli, tempConfigDir } from '../helpers/cli.js';

// A run finds the user's folders from the HOME of its own environment, as the bin finds them
// from the process's: not from the HOME of whatever process runs it (before, os.homedir() read
// the test runner's, and a run given another HOME wrote to the runner's ~/.config).

it('keeps the profiles under $HOME/.config/domainctl when nothing else says where', async () => {
  const home = tempConfigDir();
  const result = await runCli(
    ['profile', 'add', 'homed', '--base-url', 'https://api.example.com'],
    {
      env: { HOME: home, DOMAINCTL_CONFIG_DIR: undefined },
    },
  );
  expect(result).toEqual({
    stdout: 'Added profile "homed": https://api.example.com, no token; it is the active profile.\n',
    stderr: '',
    code: 0,
  });
  const saved = JSON.parse(readFileSync(join(home, '.config', 'domainctl', 'config.json'), 'utf8'));
  expect(saved.profiles.homed.base_url).toBe('https://api.example.com');
});

it('keeps the request history under $HOME/.local/share/domainctl', async () => {
  const home = tempConfigDir();
  await runCli(['api', 'request', 'GET', '/v1/regions', '--base-url', 'http://127.0.0.1:9'], {
    env: { HOME: home, DOMAINCTL_CONFIG_DIR: undefined },
  });
  const history = await runCli(['api', 'history', '--json'], {
    env: { HOME: home, DOMAINCTL_CONFIG_DIR: undefined },
  });
  expect(history.code).toBe(0);
  expect(JSON.parse(history.stdout)).toMatchObject([{ method: 'GET', path: '/v1/regions' }]);
  expect(existsSync(join(home, '.local', 'share', 'domainctl'))).toBe(true);
});
