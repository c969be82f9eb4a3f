import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from 'vitest';
import { profileHome } from '../helpers/command-runs.js';
import { filesUnder } from '../helpers/files.js';
import { it } from '../helpers/fixtures.js';
import { TESTER_KEY } from '../helpers/server.js';

// What domainctl keeps of the requests it sends (the history, the saved requests) holds no
// credential: every way a token can be given is tried, and every file written is searched.

it('the history and the saved requests hold neither the token nor "Bearer"', async ({ server }) => {
  const home = await profileHome(server);
  const config = home.dir;
  const data = join(config, 'data');
  const requests = join(config, 'requests');
  const run = async (args: string[], env: Record<string, string> = {}) => {
    const result = await home.run(args, { env });
    expect(result.code, `${args.join(' ')}\n${result.stderr}`).toBeLessThan(2);
    return result;
  };
  const secretHeader = 'sk_live_0123456789abcdef';
  // The profile's token, a --token flag, DOMAINCTL_TOKEN, and a token written in -H.
  await run(['api', 'request', 'GET', '/v1/projects']);
  await run(['api', 'request', 'GET', '/v1/projects', '--token', TESTER_KEY]);
  await run(['api', 'request', 'GET', '/v1/projects/{project_id}'], {
    DOMAINCTL_TOKEN: TESTER_KEY,
  });
  await run([
    'api',
    'request',
    'GET',
    '/v1/projects',
    '-H',
    `Authorization: Bearer ${TESTER_KEY}`,
    '-H',
    `X-Api-Key: ${secretHeader}`,
  ]);
  await run(['api', 'request', 'GET', `/v1/projects?access_token=${TESTER_KEY}`, '--paginate']);
  await run([
    'api',
    'request',
    'POST',
    '/v1/projects/{project_id}/databases',
    '-d',
    '{"name":"kept"}',
    '-H',
    `authorization: Bearer ${TESTER_KEY}`,
    '-H',
    `Cookie: session=${secretHeader}`,
  ]);
  await run(['api', 'request', 'GET', '/v1/projects/prj_nope', '--token', TESTER_KEY]);
  // Saved with every one of them, and sent again from the file.
  await run([
    'api',
    'request',
    'GET',
    `/v1/projects?api_key=${secretHeader}`,
    '--token',
    TESTER_KEY,
    '-H',
    `Authorization: Bearer ${TESTER_KEY}`,
    '-H',
    `X-Auth-Token: ${secretHeader}`,
    '--save',
    'everything',
  ]);
  await run(['api', 'request', '--saved', 'everything', '--token', TESTER_KEY]);

  const written = [...filesUnder(data), ...filesUnder(requests)];
  expect(written.map((path) => path.slice(config.length))).toEqual([
    join('/data', 'history', 'local.jsonl'),
    join('/requests', 'everything.json'),
  ]);
  for (const path of written) {
    const text = readFileSync(path, 'utf8');
    expect(text, path).not.toContain(TESTER_KEY);
    expect(text, path).not.toContain('Bearer');
    expect(text, path).not.toContain(secretHeader);
    expect(text.toLowerCase(), path).not.toContain('authorization');
  }
  // And the history did record every request sent: 8 of them.
  const history = readFileSync(join(data, 'history', 'local.jsonl'), 'utf8');
  expect(history.trimEnd().split('\n')).toHaveLength(8);
});
