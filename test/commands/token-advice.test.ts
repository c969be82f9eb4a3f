import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli, tempConfigDir } from '../helpers/cli.js';
import { seededServerForFile } from '../helpers/fixtures.js';
import { TESTER_KEY } from '../helpers/server.js';

const server = seededServerForFile();

/** A config folder whose active profile "work" has this token (or none) and a project. */
function withProfile(token?: string) {
  const dir = tempConfigDir();
  writeFileSync(
    join(dir, 'config.json'),
    JSON.stringify({
      active: 'work',
      profiles: {
        work: { base_url: server.url, project: 'prj_demo_scale', ...(token ? { token } : {}) },
      },
    }),
  );
  return (args: string[], env: Record<string, string> = {}) =>
    runCli(args, { env: { DOMAINCTL_CONFIG_DIR: dir, ...env } });
}

const LIST = ['domains', 'list', '--page-size', '1'];
const REFUSED = 'HTTP 401 unauthorized: unknown API key\n';

describe('after a 401, the commands say where the token came from', () => {
  it('the --token flag, though a profile with a good token is in use', async () => {
    expect(await withProfile(TESTER_KEY)([...LIST, '--token', 'dk_wrong'])).toEqual({
      stdout: '',
      stderr:
        REFUSED +
        'The token came from the --token flag (it wins over DOMAINCTL_TOKEN and the profile): check it.\n',
      code: 1,
    });
  });

  it('a --token that is no API key: the server says so, not that it refuses JWTs', async () => {
    expect(await withProfile(TESTER_KEY)([...LIST, '--token', 'wrong'])).toEqual({
      stdout: '',
      stderr:
        'HTTP 401 unauthorized: the token is neither an API key of this server (they start with dk_) nor a JWT\n' +
        'The token came from the --token flag (it wins over DOMAINCTL_TOKEN and the profile): check it.\n',
      code: 1,
    });
  });

  it('DOMAINCTL_TOKEN', async () => {
    expect(await withProfile(TESTER_KEY)(LIST, { DOMAINCTL_TOKEN: 'dk_wrong' })).toEqual({
      stdout: '',
      stderr:
        REFUSED +
        'The token came from the DOMAINCTL_TOKEN environment variable (it wins over profile "work"): check it, or unset it.\n',
      code: 1,
    });
  });

  it('the profile, with the commands that show it and replace it', async () => {
    expect(await withProfile('dk_wrong')(LIST)).toEqual({
      stdout: '',
      stderr:
        REFUSED +
        'The token came from profile "work": check it with domainctl profile show work, and save a new one with domainctl profile set work --token-stdin.\n',
      code: 1,
    });
  });

  it("api request's -H Authorization, which replaces the profile's token", async () => {
    const run = withProfile(TESTER_KEY);
    expect(
      await run(['api', 'request', 'GET', '/v1/projects', '-H', 'Authorization: Bearer dk_wrong']),
    ).toEqual({
      stdout:
        '{\n  "error": {\n    "code": "unauthorized",\n    "message": "unknown API key"\n  }\n}\n',
      stderr: REFUSED + 'The token came from the Authorization header given with -H: check it.\n',
      code: 1,
    });
  });

  it('no token at all: where to save one in the profile in use (4, nothing sent)', async () => {
    expect(await withProfile()(LIST)).toEqual({
      stdout: '',
      stderr:
        'domainctl: GET /v1/projects/{project_id}/domains needs credentials and none were given\n' +
        'Save a token in profile "work" with domainctl profile set work --token-stdin, pass --token, or set DOMAINCTL_TOKEN.\n',
      code: 4,
    });
  });
});
