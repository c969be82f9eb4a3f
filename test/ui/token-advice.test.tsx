import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect } from 'vitest';
import { it, seededServerForFile } from '../helpers/fixtures.js';
import { TESTER_KEY } from '../helpers/server.js';
import { oneLine } from '../helpers/ui.js';

const server = seededServerForFile();
const dirs: string[] = [];
afterAll(async () => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

/** A config folder whose active profile "work" has this token and the Scale project. */
function savedProfile(token: string): string {
  const dir = mkdtempSync(join(tmpdir(), 'domainctl-ui-advice-'));
  dirs.push(dir);
  writeFileSync(
    join(dir, 'config.json'),
    JSON.stringify({
      active: 'work',
      profiles: { work: { base_url: server.url, token, project: 'prj_demo_scale' } },
    }),
  );
  return dir;
}

describe('the help after a 401 names where the token came from', () => {
  it('the --token flag, when it beat the profile', async ({ renderUi }) => {
    const ui = await renderUi({
      configDir: savedProfile(TESTER_KEY),
      flags: { token: 'dk_wrong' },
    });
    const frame = oneLine(await ui.waitForFrame('did not accept the credentials'));
    expect(frame).toContain(
      'The API wants a valid token. The token came from the --token flag (it wins over DOMAINCTL_TOKEN and the profile): check it.',
    );
    expect(frame).not.toContain('profile show');
  });

  it('DOMAINCTL_TOKEN, when it beat the profile', async ({ renderUi }) => {
    const ui = await renderUi({
      configDir: savedProfile(TESTER_KEY),
      env: { DOMAINCTL_TOKEN: 'dk_wrong' },
    });
    const frame = oneLine(await ui.waitForFrame('did not accept the credentials'));
    expect(frame).toContain(
      'The token came from the DOMAINCTL_TOKEN environment variable (it wins over profile "work"): check it, or unset it.',
    );
  });

  it('the profile, with the commands that show it and save a new token in it', async ({
    renderUi,
  }) => {
    const ui = await renderUi({ configDir: savedProfile('dk_wrong') });
    const frame = oneLine(await ui.waitForFrame('did not accept the credentials'));
    expect(frame).toContain(
      'The token came from profile "work": check it with `domainctl profile show work`, and save a new one with `domainctl profile set work --token-stdin`.',
    );
  });
});
