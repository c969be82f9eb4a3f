import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CliBytes, removeTempDirs, runCliBytes, tempConfigDir } from '../helpers/cli.js';
import { startDnsServer, type TestDnsServer } from '../helpers/dns-server.js';
import { type FakeApi, startFakeApi } from '../helpers/fake-api.js';
import {
  EVIL,
  EVIL_LATIN1,
  EVIL_LATIN1_SHOWN,
  evil,
  expectNothingObeyed,
  literally,
  shown,
} from '../helpers/hostile.js';

// An API whose every string field carries escape sequences, C1 controls, a bell, a CR and a
// backspace. Whatever it sends, what domainctl writes must hold nothing a terminal would obey,
// and still read as what the API said (the controls shown as \u001b).

const PROJECT = 'prj_evil';
const DAY_MS = 86_400_000;
// A certificate 90 days (and a bit) out, so "89 days left" whatever the day the tests run.
const TIMES = {
  verified_at: '2026-11-21T15:20:00.000Z',
  tls_cert_expiry: new Date(Date.now() + 90 * DAY_MS - 3_600_000).toISOString(),
  created_at: '2026-11-21T14:20:00.000Z',
  updated_at: '2026-11-21T15:20:00.000Z',
};

/** A domain whose strings are all hostile but its host name (which commands look up). */
function hostileDomain(name: string, n: number) {
  return {
    id: evil(`dom_${n}`),
    project_id: evil(PROJECT),
    domain: name,
    verified: true,
    ...TIMES,
    dns_verification_token: evil('token'),
    dns_instructions: {
      cname_host: evil(`${n}.example.com`),
      cname_target: evil('edge.example.test'),
      txt_host: evil(`_v.${n}.example.com`),
      txt_value: evil('verify=1'),
      acme_cname_host: evil(`_acme-challenge.${n}.example.com`),
      acme_cname_target: evil('acme.example.test'),
    },
    [evil('extra')]: evil('value'),
  };
}

/** A domain whose records are real names in the test DNS, but whose expected values are hostile. */
const checked = {
  ...hostileDomain('checked.example.test', 9),
  dns_instructions: {
    cname_host: 'checked.example.test',
    cname_target: evil('edge.example.test'),
    txt_host: '_v.checked.example.test',
    txt_value: evil('verify=1'),
    acme_cname_host: '_acme-challenge.checked.example.test',
    acme_cname_target: evil('acme.example.test'),
  },
};

/** A TXT value that would write a record of its own into the user's zone file. */
const INJECTED = 'domainctl-verify=x"\nattacker.example.com. 60 IN A 6.6.6.6\n; "';
const injected = {
  ...hostileDomain('inject.example.com', 8),
  dns_instructions: {
    cname_host: 'inject.example.com',
    cname_target: 'edge.example.test',
    txt_host: '_v.inject.example.com',
    txt_value: INJECTED,
    acme_cname_host: '_acme-challenge.inject.example.com',
    acme_cname_target: 'acme.example.test',
  },
};

const domains = [
  hostileDomain(evil('one.example.com'), 1),
  hostileDomain(evil('two.example.com'), 2),
  hostileDomain('shop.example.com', 3),
  checked,
  injected,
];

let api: FakeApi;
let dns: TestDnsServer;
beforeAll(async () => {
  api = await startFakeApi({
    projects: [{ id: PROJECT, name: evil('Evil Corp'), plan: 'scale', ...TIMES }],
    domains: { [PROJECT]: domains },
    pageSize: 2,
    token: (n) => evil(`page${n}`),
    added: { status: 201, statusText: 'Created', body: hostileDomain(evil('new.example.com'), 7) },
    routes: {
      'POST /v1/projects/prj_taken/domains': {
        status: 409,
        statusText: `Conflict${EVIL_LATIN1}`,
        body: { error: { code: evil('domain_already_exists'), message: evil('taken') } },
      },
      'GET /v1/regions': {
        headers: { 'x-evil': EVIL_LATIN1 },
        body: { regions: [{ id: evil('eu'), name: `Europe ${EVIL_LATIN1}\u007f` }] },
      },
      'GET /text': {
        headers: { 'content-type': 'text/plain' },
        body: `line one${EVIL}\nline two\r\n\ttabbed\r`,
      },
      'GET /v1/projects/prj_gone': {
        status: 404,
        statusText: `Not Found${EVIL_LATIN1}`,
        body: { error: { code: evil('not_found'), message: evil('no such project') } },
      },
    },
  });
  dns = await startDnsServer({
    cname: { 'checked.example.test': 'edge.example.test' },
    txt: {
      '_v.checked.example.test': `verify=1${EVIL}`,
      '_acme-challenge.checked.example.test': evil('left over'),
    },
  });
});
afterAll(async () => {
  await dns?.stop();
  await api?.close();
  removeTempDirs();
});

function run(args: string[], env: Record<string, string> = {}): Promise<CliBytes> {
  return runCliBytes(args, {
    env: {
      DOMAINCTL_BASE_URL: api.url,
      DOMAINCTL_TOKEN: 'dk_test',
      DOMAINCTL_PROJECT: PROJECT,
      ...env,
    },
  });
}

/** Runs, checks that nothing in stdout or stderr would be obeyed, and returns them as text. */
async function safely(args: string[], env: Record<string, string> = {}) {
  const result = await run(args, env);
  expectNothingObeyed(result.stdout);
  expectNothingObeyed(result.stderr);
  return { stdout: result.stdout.toString(), stderr: result.stderr.toString(), code: result.code };
}

describe('domains list against an API that answers with escape sequences', () => {
  it('shows host names and the next-page token with their controls made visible', async () => {
    const result = await safely(['domains', 'list']);
    expect(result.code).toBe(0);
    expect(result.stdout.split('\n')[0]).toMatch(
      /^DOMAIN +STATUS +VERIFIED AT +TLS EXPIRY +CREATED$/,
    );
    expect(result.stdout).toContain(`${shown('one.example.com')}  verified  2026-11-21`);
    expect(result.stdout).toContain(`${shown('two.example.com')}  verified  2026-11-21`);
    expect(result.stderr).toBe(
      `More domains follow. Next page: domainctl domains list --project prj_evil --page-token '${shown('page2')}' (or --all for every page)\n`,
    );
  });

  it('prints the page with --json as it came, C1 controls escaped, unknown fields kept', async () => {
    const result = await safely(['domains', 'list', '--json']);
    expect(result.code).toBe(0);
    expect(JSON.parse(result.stdout)).toEqual({
      domains: domains.slice(0, 2),
      next_page_token: evil('page2'),
    });
  });

  it('follows every page with --all, as a table and as JSON', async () => {
    const table = await safely(['domains', 'list', '--all']);
    expect(table.code).toBe(0);
    expect(table.stderr).toBe('');
    expect(table.stdout.trim().split('\n')).toHaveLength(1 + domains.length);
    expect(table.stdout).toContain(shown('two.example.com'));
    expect(table.stdout).toContain('inject.example.com');

    const json = await safely(['domains', 'list', '--all', '--json']);
    expect(json.code).toBe(0);
    expect(JSON.parse(json.stdout)).toEqual({ domains, next_page_token: '' });
  });
});

describe('domains add, records, check and wait against it', () => {
  it('add prints the records it was given, made visible, and --json as it came', async () => {
    const result = await safely(['domains', 'add', 'new.example.com']);
    expect(result.code).toBe(0);
    expect(result.stdout).toContain(`Added ${shown('new.example.com')} to prj_evil;`);
    expect(result.stdout).toMatch(
      new RegExp(
        `\nTXT +${literally(shown('_v.7.example.com'))} +${literally(shown('verify=1'))}\n`,
      ),
    );
    const json = await safely(['domains', 'add', 'new.example.com', '--json']);
    expect(JSON.parse(json.stdout)).toEqual(hostileDomain(evil('new.example.com'), 7));
  });

  it('the HTTP error line shows the code and message of the API made visible', async () => {
    const line = `HTTP 409 ${shown('domain_already_exists')}: ${shown('taken')}\n`;
    expect(
      await safely(['domains', 'add', 'x.example.com'], { DOMAINCTL_PROJECT: 'prj_taken' }),
    ).toEqual({
      stdout: '',
      stderr: line,
      code: 1,
    });
    const json = await safely(['domains', 'add', 'x.example.com', '--json'], {
      DOMAINCTL_PROJECT: 'prj_taken',
    });
    expect({ ...json, stdout: JSON.parse(json.stdout) }).toEqual({
      stdout: { error: { code: evil('domain_already_exists'), message: evil('taken') } },
      stderr: line,
      code: 1,
    });
  });

  it('records prints the table and JSON made safe', async () => {
    const table = await safely(['domains', 'records', 'shop.example.com']);
    expect(table.code).toBe(0);
    expect(table.stdout).toContain(`CNAME  ${shown('3.example.com')}`);
    expect(table.stdout).toContain(shown('edge.example.test'));
    const json = await safely(['domains', 'records', 'shop.example.com', '--json']);
    expect(JSON.parse(json.stdout).records[1]).toEqual({
      type: 'TXT',
      host: evil('_v.3.example.com'),
      value: evil('verify=1'),
    });
  });

  it('records --format zone refuses names that are not DNS names (1), and writes nothing', async () => {
    expect(await safely(['domains', 'records', 'shop.example.com', '--format', 'zone'])).toEqual({
      stdout: '',
      stderr: `domainctl: cannot write the zone snippet of shop.example.com: the host of the CNAME record "${shown('3.example.com')}" is not a DNS name a zone file can hold (labels of letters, digits, "-" and "_", up to 63 characters each and 253 in all)\n`,
      code: 1,
    });
  });

  it('records --format zone never writes a line break that a TXT value brought in (1)', async () => {
    expect(await safely(['domains', 'records', 'inject.example.com', '--format', 'zone'])).toEqual({
      stdout: '',
      stderr:
        'domainctl: cannot write the zone snippet of inject.example.com: the TXT value for _v.inject.example.com. holds a control character (\\u000a); a zone file would not read it as one record\n',
      code: 1,
    });
  });

  it('check shows what the API expects and what the DNS answered, controls made visible', async () => {
    const result = await safely([
      'domains',
      'check',
      'checked.example.test',
      '--dns-server',
      dns.address,
    ]);
    expect(result.code).toBe(1);
    expect(result.stdout).toMatch(
      new RegExp(
        `\nCNAME +checked\\.example\\.test +${literally(shown('edge.example.test'))} +edge\\.example\\.test +wrong\n`,
      ),
    );
    // The DNS's own bytes: the TXT answer, decoded as latin1 by Node, holds C1 controls too.
    expect(result.stdout).toContain('verify=1\\u001b]2;pwned\\u0007');
    expect(result.stdout).toContain('TXT "left over\\u001b]2;pwned\\u0007');

    const json = await safely([
      'domains',
      'check',
      'checked.example.test',
      '--dns-server',
      dns.address,
      '--json',
    ]);
    const report = JSON.parse(json.stdout);
    expect(report.records[1]).toMatchObject({
      host: '_v.checked.example.test',
      expected: evil('verify=1'),
      status: 'wrong',
    });
    // As the DNS had it, escape sequence and all: JSON carries it safely, escaped.
    expect(report.records[1].found[0].startsWith(`verify=1${EVIL.slice(0, 12)}`)).toBe(true);
  });

  it('wait prints the domain with --json made safe, and an HTTP error line made visible', async () => {
    const json = await safely(['domains', 'wait', 'shop.example.com', '--json']);
    expect(json.code).toBe(0);
    expect(JSON.parse(json.stdout)).toEqual(domains[2]);
    const text = await safely(['domains', 'wait', 'shop.example.com']);
    expect(text).toEqual({
      // Already verified: the stages it passed, then where it stands.
      stdout: expect.stringMatching(
        new RegExp(
          '^✓ records in DNS: the API saw them when it verified the domain \\(after [0-9.]+ s\\)\n' +
            '✓ ownership verified: verified at 2026-11-21T15:20:00\\.000Z \\(after [0-9.]+ s\\)\n' +
            'shop\\.example\\.com reached "ownership verified"\\.\n' +
            'It is verified \\(at 2026-11-21T15:20:00\\.000Z\\)\\.\n' +
            `Its TLS certificate expires at ${TIMES.tls_cert_expiry.replaceAll('.', '\\.')} \\(89 days left\\)\\.\n$`,
        ),
      ),
      stderr: '',
      code: 0,
    });
    const gone = await safely(['domains', 'wait', 'shop.example.com'], {
      DOMAINCTL_PROJECT: 'prj_nope',
    });
    expect(gone).toEqual({
      stdout: '',
      stderr: 'HTTP 404 not_found: no route project prj_nope\n',
      code: 1,
    });
  });
});

describe('api request against it', () => {
  it('prints a JSON body with C0 and C1 controls escaped, and it parses back the same', async () => {
    const result = await safely(['api', 'request', 'GET', `/v1/projects/${PROJECT}/domains`]);
    expect(result.code).toBe(0);
    expect(JSON.parse(result.stdout)).toEqual({
      domains: domains.slice(0, 2),
      next_page_token: evil('page2'),
    });
    expect(result.stdout).toContain('\\u009b31m');
  });

  it('colours a JSON body on request without letting the body colour anything', async () => {
    const result = await run(['api', 'request', 'GET', '/v1/regions'], {
      FORCE_COLOR: '1',
      NO_COLOR: '',
    });
    // Only domainctl's own colours: keys blue, strings green, reset.
    const ours = ['\u001b[34m', '\u001b[32m', '\u001b[39m'];
    expectNothingObeyed(result.stdout, ours);
    expect(result.stdout.toString()).toContain(
      `\u001b[32m"Europe ${EVIL_LATIN1_SHOWN}\\u007f"\u001b[39m`,
    );
  });

  it('prints a body that is not JSON as text: line breaks and tabs kept, other controls shown', async () => {
    expect(await safely(['api', 'request', 'GET', '/text'])).toEqual({
      stdout: `line one${shown('')}\nline two\r\n\ttabbed\\u000d\n`,
      stderr: '',
      code: 0,
    });
  });

  it('shows the status line, headers and the error line with their controls made visible', async () => {
    const headers = await safely(['api', 'request', 'GET', '/v1/regions', '-i']);
    expect(headers.stdout).toMatch(/^HTTP\/1\.1 200 OK\n/);
    expect(headers.stdout).toContain(`x-evil: ${EVIL_LATIN1_SHOWN}\n`);

    const error = await safely(['api', 'request', 'GET', '/v1/projects/prj_gone', '-i']);
    expect(error.code).toBe(1);
    expect(error.stdout).toMatch(
      new RegExp(`^HTTP/1\\.1 404 Not Found${literally(EVIL_LATIN1_SHOWN)}\n`),
    );
    expect(error.stderr).toBe(`HTTP 404 ${shown('not_found')}: ${shown('no such project')}\n`);

    const traced = await safely(['api', 'request', 'GET', '/v1/regions', '--debug']);
    expect(traced.stderr).toContain(`< x-evil: ${EVIL_LATIN1_SHOWN}\n`);
  });

  it('--paginate merges the pages, following hostile tokens, into one safe document', async () => {
    const result = await safely([
      'api',
      'request',
      'GET',
      `/v1/projects/${PROJECT}/domains`,
      '--paginate',
    ]);
    expect(result.code).toBe(0);
    expect(JSON.parse(result.stdout)).toEqual({ domains, next_page_token: '' });
  });
});

describe('values from the config file and the environment', () => {
  it('profile list and show print a hand-written project and org made visible', async () => {
    const dir = tempConfigDir();
    writeFileSync(
      join(dir, 'config.json'),
      JSON.stringify({
        active: 'p',
        profiles: {
          p: {
            base_url: 'https://api.example.com',
            project: evil('prj'),
            org: evil('org'),
            token: `dk_${EVIL}`,
          },
        },
      }),
      { mode: 0o600 },
    );
    const env = { DOMAINCTL_CONFIG_DIR: dir };
    const list = await safely(['profile', 'list'], env);
    expect(list.stdout).toContain(shown('prj'));
    const show = await safely(['profile', 'show'], env);
    expect(show.stdout).toContain(`project:   ${shown('prj')}\n`);
    expect(show.stdout).toContain(`org:       ${shown('org')}\n`);
    expect(show.stdout).toContain('token:     ****\\u009c\\u0007\\u000d\\u0008\n');
    const json = await safely(['profile', 'show', '--json'], env);
    expect(JSON.parse(json.stdout).project).toBe(evil('prj'));
  });

  it('an error line that quotes a project from the environment shows it made visible', async () => {
    const result = await safely(['domains', 'list'], { DOMAINCTL_PROJECT: evil('prj') });
    expect(result.code).toBe(1);
    expect(result.stderr).toBe(`HTTP 404 not_found: no route project ${shown('prj')}\n`);
  });
});
