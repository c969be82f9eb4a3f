import { afterEach, describe, expect, it } from 'vitest';
import { removeTempDirs } from '../helpers/cli.js';
import { runMeasured } from '../helpers/measured-cli.js';
import { type RawServer, startRawServer } from '../helpers/raw-server.js';

// `--paginate` and `--all --json` write a page, and ask for the next only once stdout has taken
// it. Before, `… | sleep 10` grew by 70-90 MB a second: pages came as fast as the API sent them
// and waited in memory for a reader that did not read. Against a list that never ends, read
// slowly for 5 s, the process stays small, and what the reader got is the start of the very
// document the command prints when nobody is slow.

const PROJECT = 'prj_many';
const MAX_PEAK_MB = 200;

let server: RawServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
  removeTempDirs();
});

function domain(n: number) {
  const name = `d${n}.example.com`;
  return {
    id: `dom_${n}`,
    project_id: PROJECT,
    domain: name,
    verified: true,
    verified_at: '2026-11-21T15:20:00.000Z',
    tls_cert_expiry: '2027-02-19T15:20:00.000Z',
    dns_verification_token: `token${n}`.padEnd(24, '0'),
    dns_instructions: {
      cname_host: name,
      cname_target: 'prj-many.edge.domainctl.test',
      txt_host: `_domainctl-verify.${name}`,
      txt_value: `domainctl-verify=token${n}`.padEnd(40, '0'),
      acme_cname_host: `_acme-challenge.${name}`,
      acme_cname_target: `dom-${n}.acme.edge.domainctl.test`,
    },
    created_at: '2026-11-21T14:20:00.000Z',
    updated_at: '2026-11-21T15:20:00.000Z',
  };
}

/** The same 100 domains (about 60 KB) on every page, and a new token each time: it never ends. */
const ITEMS = Array.from({ length: 100 }, (_, i) => JSON.stringify(domain(i))).join(',');

async function endlessList(): Promise<RawServer> {
  server = await startRawServer((req, res) => {
    const token = new URL(req.url ?? '/', 'http://api').searchParams.get('page_token');
    const next = token ? Number(token.slice(1)) + 1 : 2;
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(`{"domains":[${ITEMS}],"next_page_token":"p${next}"}`);
  });
  return server;
}

/** The compact merged document of that list, as far as it goes: `{"domains":[` and the pages. */
const documentStart = (length: number) => {
  let text = '{"domains":[';
  while (text.length < length) text += `${ITEMS},`;
  return text.slice(0, length);
};

async function readSlowly(args: string[]) {
  const api = await endlessList();
  const result = await runMeasured(args, {
    env: { DOMAINCTL_BASE_URL: api.url, DOMAINCTL_TOKEN: 'dk_test', DOMAINCTL_PROJECT: PROJECT },
    // About 640 KB a second: one read of the pipe's 64 KiB every 100 ms, for 5 s.
    slowReader: { everyMs: 100, forMs: 5_000 },
    timeoutMs: 30_000,
  });
  return { ...result, pages: api.requests.length };
}

/** What a failure shows: enough to tell a greedy walk from a slow machine. */
const measured = (run: Awaited<ReturnType<typeof readSlowly>>) =>
  `peak ${run.peakRssMb} MB, ${run.pages} pages asked, ${run.stdout.length} bytes read, ${Math.round(run.elapsedMs)} ms`;

describe('a slow reader of a list that never ends', () => {
  it('api request --paginate asks for pages only as fast as they are read', async () => {
    const run = await readSlowly([
      'api',
      'request',
      'GET',
      '/v1/projects/{project_id}/domains',
      '--paginate',
      '--json',
    ]);
    // The reader went away (EPIPE): the command stops quietly, as with `| head`.
    expect({ stderr: run.stderr, code: run.code }).toEqual({ stderr: '', code: 0 });
    expect(run.stdout.length).toBeGreaterThan(1_000_000);
    expect(run.stdout).toBe(documentStart(run.stdout.length));
    expect(run.peakRssMb, measured(run)).toBeLessThan(MAX_PEAK_MB);
    // No more pages than were read, and a few in flight: not the thousands a greedy walk asks for.
    expect(run.pages, measured(run)).toBeLessThan(run.stdout.length / ITEMS.length + 10);
  });

  it('domains list --all --json does the same', async () => {
    const run = await readSlowly(['domains', 'list', '--all', '--json']);
    expect({ stderr: run.stderr, code: run.code }).toEqual({ stderr: '', code: 0 });
    expect(run.stdout.length).toBeGreaterThan(1_000_000);
    expect(run.stdout).toBe(documentStart(run.stdout.length));
    expect(run.peakRssMb, measured(run)).toBeLessThan(MAX_PEAK_MB);
    expect(run.pages, measured(run)).toBeLessThan(run.stdout.length / ITEMS.length + 10);
  });
});
