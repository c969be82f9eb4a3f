import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect } from 'vitest';
import { runCli, tempConfigDir } from '../helpers/cli.js';
import { profileHome, sendsNothing } from '../helpers/command-runs.js';
import { it, seededServerForFile } from '../helpers/fixtures.js';
import { startRawServer } from '../helpers/raw-server.js';
import { TESTER_KEY } from '../helpers/server.js';

const server = seededServerForFile();

/** A config folder with profile "local" (the seeded server, its tester key, prj_demo_scale). */
async function configHome() {
  const home = await profileHome(server);
  return { ...home, requests: join(home.dir, 'requests') };
}

/** What JSON.parse says of a text (its wording differs between Node versions). */
function jsonError(text: string): string {
  try {
    JSON.parse(text);
  } catch (error) {
    return (error as Error).message;
  }
  throw new Error(`${text} is JSON`);
}

describe('api request --save', () => {
  it('writes the request to a file in the requests folder and sends nothing', async () => {
    const { run, requests } = await configHome();
    const saved = await sendsNothing(server, () =>
      run([
        'api',
        'request',
        'post',
        '/v1/projects/{project_id}/domains',
        '-f',
        'domain=saved-1.example.com',
        '-H',
        'X-Trace: 7',
        '-H',
        'X-Api-Key: sk_live_abcdef1234',
        '--jq',
        '.domain',
        '--save',
        'add-domain',
      ]),
    );
    const file = join(requests, 'add-domain.json');
    expect(saved).toEqual({
      stdout: `Saved request "add-domain" in ${file}; send it with: domainctl api request --saved add-domain\n`,
      stderr: '',
      code: 0,
    });
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual({
      method: 'POST',
      path: '/v1/projects/{project_id}/domains',
      headers: ['X-Trace: 7', 'X-Api-Key: ****1234'],
      fields: [{ kind: 'raw', text: 'domain=saved-1.example.com' }],
      jq: '.domain',
    });

    // Saved again under the same name: replaced, and said so. A body from stdin is saved as JSON.
    const replaced = await sendsNothing(server, () =>
      run(
        [
          'api',
          'request',
          'POST',
          `${server.url}/v1/projects/prj_demo_scale/databases`,
          '-d',
          '@-',
          '--save',
          'add-domain',
        ],
        {
          input: '{ "name": "saved-db" }',
        },
      ),
    );
    expect(replaced.stdout).toBe(
      `Replaced request "add-domain" in ${file}; send it with: domainctl api request --saved add-domain\n`,
    );
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual({
      method: 'POST',
      path: '/v1/projects/prj_demo_scale/databases',
      body: { name: 'saved-db' },
    });
  });

  it('refuses, before anything is written, what could not be sent or named', async () => {
    const { run, requests } = await configHome();
    const cases: [string[], string][] = [
      [
        ['GET', '/v1/regions', '--save', '../up'],
        'domainctl: "../up" cannot name a saved request: use letters, digits, ".", "_" and "-" (up to 64, starting with a letter or digit)\n',
      ],
      [
        ['POST', '/v1/x', '-d', '{nope', '--save', 'x'],
        `domainctl: the body is not valid JSON: ${jsonError('{nope')}\n`,
      ],
      [
        ['GET', 'https://elsewhere.example.com/v1/regions', '--save', 'x'],
        `domainctl: https://elsewhere.example.com is not the API this profile talks to (${server.url}): credentials are only sent there\n`,
      ],
      [
        ['FETCH', '/v1/regions', '--save', 'x'],
        'domainctl: method must be one of GET, POST, PATCH, PUT, DELETE, got "FETCH"\n',
      ],
    ];
    for (const [args, stderr] of cases) {
      expect(
        await sendsNothing(server, () => run(['api', 'request', ...args])),
        args.join(' '),
      ).toEqual({
        stdout: '',
        stderr,
        code: 2,
      });
    }
    expect(existsSync(requests)).toBe(false);
  });
});

describe('api request --saved', () => {
  it('sends a saved request as the same command line would, with the same output and exit code', async () => {
    const { run } = await configHome();
    const args = [
      'GET',
      '/v1/projects/{project_id}/domains',
      '-f',
      'page_size=2',
      '--jq',
      '.domains[].domain',
    ];
    expect((await run(['api', 'request', ...args, '--save', 'two'])).code).toBe(0);
    const direct = await run(['api', 'request', ...args]);
    expect(direct.code).toBe(0);
    expect(direct.stdout.split('\n')).toHaveLength(3);
    expect(await run(['api', 'request', '--saved', 'two'])).toEqual(direct);

    // An HTTP error: its body on stdout, its line on stderr, exit code 1, as without --saved.
    expect(
      (await run(['api', 'request', 'GET', '/v1/projects/prj_nope', '--save', 'missing'])).code,
    ).toBe(0);
    const error = await run(['api', 'request', '--saved', 'missing']);
    expect(error).toEqual(await run(['api', 'request', 'GET', '/v1/projects/prj_nope']));
    expect(error.code).toBe(1);
    expect(error.stderr).toBe('HTTP 404 not_found: project prj_nope not found\n');
  });

  it('fills {project_id} from the profile, or from --project; flags given replace the saved ones', async () => {
    const { run } = await configHome();
    expect(
      (
        await run([
          'api',
          'request',
          'POST',
          '/v1/projects/{project_id}/databases',
          '-d',
          '{"name":"from-saved"}',
          '-H',
          'X-Trace: 1',
          '--jq',
          '.name',
          '--save',
          'db',
        ])
      ).code,
    ).toBe(0);
    const before = server.requests.length;
    expect(await run(['api', 'request', '--saved', 'db'])).toEqual({
      stdout: 'from-saved\n',
      stderr: '',
      code: 0,
    });
    expect(
      await run([
        'api',
        'request',
        '--saved',
        'db',
        '--project',
        'prj_demo_enterprise',
        '-d',
        '{"name":"override"}',
        '--jq',
        '.project_id',
      ]),
    ).toEqual({
      stdout: 'prj_demo_enterprise\n',
      stderr: '',
      code: 0,
    });
    // A path given after the name replaces the saved one.
    expect(
      await run([
        'api',
        'request',
        '--saved',
        'db',
        '/v1/projects/prj_demo_free/databases',
        '--jq',
        '.project_id',
      ]),
    ).toEqual({
      stdout: 'prj_demo_free\n',
      stderr: '',
      code: 0,
    });
    expect(server.requests.slice(before)).toEqual([
      'POST /v1/projects/prj_demo_scale/databases 201',
      'POST /v1/projects/prj_demo_enterprise/databases 201',
      'POST /v1/projects/prj_demo_free/databases 201',
    ]);
  });

  it('says that a masked header is not sent, unless -H gives it again', async () => {
    const { run, requests } = await configHome();
    mkdirSync(requests);
    writeFileSync(
      join(requests, 'keyed.json'),
      JSON.stringify({
        method: 'GET',
        path: '/v1/regions',
        headers: ['X-Api-Key: ****1234'],
        jq: '.regions | length',
      }),
    );
    expect(await run(['api', 'request', '--saved', 'keyed'])).toEqual({
      stdout: '3\n',
      stderr:
        "domainctl: warning: the saved request's X-Api-Key header looks like a credential and is kept masked, so it is not sent: give it with -H 'X-Api-Key: …'\n",
      code: 0,
    });
    expect(await run(['api', 'request', '--saved', 'keyed', '-H', 'x-api-key: again'])).toEqual({
      stdout: '3\n',
      stderr: '',
      code: 0,
    });
  });

  it('names the file that is missing or broken (2), and takes --requests-dir and DOMAINCTL_REQUESTS_DIR', async () => {
    const { run, requests } = await configHome();
    expect(await sendsNothing(server, () => run(['api', 'request', '--saved', 'nope']))).toEqual({
      stdout: '',
      stderr: `domainctl: no saved request named "nope" (there is no file ${join(requests, 'nope.json')})\n`,
      code: 2,
    });
    expect((await run(['api', 'request', 'GET', '/v1/regions', '--save', 'regions'])).code).toBe(0);
    writeFileSync(join(requests, 'broken.json'), '{"method":"GET"}');
    expect(await sendsNothing(server, () => run(['api', 'request', '--saved', 'broken']))).toEqual({
      stdout: '',
      stderr: `domainctl: ${join(requests, 'broken.json')} is not a saved request: path: Invalid input: expected string, received undefined\n`,
      code: 2,
    });

    const elsewhere = join(tempConfigDir(), 'team-requests');
    const saved = await run([
      'api',
      'request',
      'GET',
      '/v1/regions',
      '--jq',
      '.regions[0].id',
      '--save',
      'first',
      '--requests-dir',
      elsewhere,
    ]);
    expect(saved.stdout).toBe(
      `Saved request "first" in ${join(elsewhere, 'first.json')}; send it with: domainctl api request --saved first --requests-dir ${elsewhere}\n`,
    );
    const expected = { stdout: 'ap-south\n', stderr: '', code: 0 };
    expect(await run(['api', 'request', '--saved', 'first', '--requests-dir', elsewhere])).toEqual(
      expected,
    );
    expect(
      await run(['api', 'request', '--saved', 'first'], {
        env: { DOMAINCTL_REQUESTS_DIR: elsewhere },
      }),
    ).toEqual(expected);
    // Before the command too, where the UI takes it: the same folder, over the environment's.
    expect(
      await run(['--requests-dir', elsewhere, 'api', 'request', '--saved', 'first'], {
        env: { DOMAINCTL_REQUESTS_DIR: requests },
      }),
    ).toEqual(expected);
  });

  it('without --saved, a path is still required (2)', async () => {
    const { run } = await configHome();
    expect(await sendsNothing(server, () => run(['api', 'request']))).toEqual({
      stdout: '',
      stderr: "domainctl: missing required argument 'path'\n(run with --help for usage)\n",
      code: 2,
    });
  });
});

describe('a saved request is data, as a pasted line is', () => {
  it('never reads a file or stdin that the file names: exit 2, and the API hears nothing', async () => {
    // A capturing server on loopback: whatever reaches it, file text or not, is a request.
    const capture = await startRawServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end('{}');
    });
    try {
      const dir = tempConfigDir();
      const config = join(dir, 'config.json');
      const requests = join(dir, 'requests');
      const run = (args: string[], input?: string) =>
        runCli(args, { env: { DOMAINCTL_CONFIG_DIR: dir }, input });
      const added = await run(
        ['profile', 'add', 'p', '--base-url', capture.url, '--token-stdin'],
        TESTER_KEY,
      );
      expect(added.code, added.stderr).toBe(0);
      mkdirSync(requests);
      const hostile: [string, object, string][] = [
        [
          'post-leak',
          {
            method: 'POST',
            path: '/v1/projects',
            fields: [
              { kind: 'raw', text: 'name=x' },
              { kind: 'typed', text: `organization_id=@${config}` },
            ],
          },
          `-F organization_id=@${config}`,
        ],
        [
          'get-leak',
          {
            method: 'GET',
            path: '/v1/projects',
            fields: [{ kind: 'typed', text: `q=@${config}` }],
          },
          `-F q=@${config}`,
        ],
        [
          'stdin-leak',
          { method: 'POST', path: '/v1/projects', fields: [{ kind: 'typed', text: 'name=@-' }] },
          '-F name=@-',
        ],
        [
          'body-leak',
          { method: 'POST', path: '/v1/projects', body: `@${config}` },
          `the body "@${config}"`,
        ],
      ];
      for (const [name, file, what] of hostile) {
        writeFileSync(join(requests, `${name}.json`), JSON.stringify(file));
        expect(await run(['api', 'request', '--saved', name], 'piped secret'), name).toEqual({
          stdout: '',
          stderr: `domainctl: the saved request "${name}" has ${what}, which would read a file or stdin of this machine: a saved request never does; type the value into the file, or give it on the command line (--saved ${name} ${what.startsWith('-F') ? '-F' : '-d'} …)\n`,
          code: 2,
        });
      }
      expect(capture.requests).toEqual([]);

      // The same -F typed on the command line is the user's own, and reads the file.
      const note = join(dir, 'note.txt');
      writeFileSync(note, 'typed by me');
      const own = await run(['api', 'request', '--saved', 'get-leak', '-F', `q=@${note}`]);
      expect(own.code, own.stderr).toBe(0);
      expect(capture.requests.map((r) => r.url)).toEqual(['/v1/projects?q=typed+by+me']);
    } finally {
      await capture.close();
    }
  });
});
