import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect } from 'vitest';
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
    '/v1/projects',
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

describe('secrets outside the headers', () => {
  // A body's password, a -f client_secret, an --arg, a JWT in the body and a dk_ key in the path.
  const PASSWORD = 'hunter2-correct-horse';
  const CLIENT_SECRET = 'cs_9f8e7d6c5b4a';
  const ARG_SECRET = 'argsecret-5551';
  const JWT = 'eyJhbGciOiJSUzI1NiJ9.eyJzdWIiOiJ4In0.c2lnbmF0dXJlMTIz';
  const PATH_KEY = 'dk_live_0a1b2c3d4e5f';
  const secrets = [PASSWORD, CLIENT_SECRET, ARG_SECRET, JWT, PATH_KEY];
  const requests = [
    [
      'POST',
      '/v1/projects/{project_id}/databases',
      '-d',
      `{"name":"kept","password":"${PASSWORD}","note":"${JWT}"}`,
    ],
    [
      'POST',
      '/v1/projects/{project_id}/databases',
      '-f',
      'name=kept2',
      '-f',
      `client_secret=${CLIENT_SECRET}`,
    ],
    ['GET', '/v1/regions', '--jq', '.regions[0].id + $token', '--arg', 'token', ARG_SECRET],
    ['GET', `/v1/projects/${PATH_KEY}`],
  ];

  it('are masked in the history, and --save refuses them (2), writing nothing', async ({
    server,
  }) => {
    const home = await profileHome(server);
    for (const args of requests) {
      const sent = await home.run(['api', 'request', ...args]);
      expect(sent.code, `${args.join(' ')}\n${sent.stderr}`).toBeLessThan(2);
    }
    const history = readFileSync(join(home.dir, 'data', 'history', 'local.jsonl'), 'utf8');
    for (const secret of secrets) expect(history).not.toContain(secret);
    const lines = history
      .trimEnd()
      .split('\n')
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(
      lines.map(({ path, body, fields, jq_args }) => ({ path, body, fields, jq_args })),
    ).toEqual([
      {
        path: '/v1/projects/{project_id}/databases',
        body: '{"name":"kept","password":"****orse","note":"****MTIz"}',
        fields: undefined,
        jq_args: undefined,
      },
      {
        path: '/v1/projects/{project_id}/databases',
        body: undefined,
        fields: [
          { kind: 'raw', text: 'name=kept2' },
          { kind: 'raw', text: 'client_secret=****5b4a' },
        ],
        jq_args: undefined,
      },
      { path: '/v1/regions', body: undefined, fields: undefined, jq_args: [['token', '****5551']] },
      { path: '/v1/projects/****4e5f', body: undefined, fields: undefined, jq_args: undefined },
    ]);

    const places = ['the body', '-f client_secret', '--arg token', 'the path'];
    for (const [i, args] of requests.entries()) {
      expect(await home.run(['api', 'request', ...args, '--save', 'secret'])).toEqual({
        stdout: '',
        stderr: `domainctl: the request holds a credential (in ${places[i]}), and a saved request, meant to be shared, never keeps one: nothing was saved; leave it out, and give it when you send the request (--saved secret with -d, -f/-F, --arg or a path)\n`,
        code: 2,
      });
    }
    expect(existsSync(join(home.dir, 'requests'))).toBe(false);
  });
});
