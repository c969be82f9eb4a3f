import { beforeAll, describe, expect, it } from 'vitest';
import type { Domain, DomainPage } from '../../src/contract/schemas.js';
import { type CliResult, runCli } from '../helpers/cli.js';
import { seededServerForFile } from '../helpers/fixtures.js';
import { TESTER_KEY } from '../helpers/server.js';

// `domains list --sort` and `--reverse`, the UI's orders, and `ls` for `list`, against the
// seeded server: 45 domains in prj_demo_scale, pending and verified, some with certificates.
// The expected orders are written out here rather than taken from the code that sorts.

const server = seededServerForFile();
/** The project's domains in the API's order (newest first). */
let all: Domain[];
beforeAll(async () => {
  const response = await fetch(`${server.url}/v1/projects/prj_demo_scale/domains?page_size=100`, {
    headers: { authorization: `Bearer ${TESTER_KEY}` },
  });
  all = ((await response.json()) as DomainPage).domains;
  expect(all).toHaveLength(45);
});

function domains(args: string[]): Promise<CliResult> {
  return runCli(['domains', ...args], {
    env: {
      DOMAINCTL_BASE_URL: server.url,
      DOMAINCTL_TOKEN: TESTER_KEY,
      DOMAINCTL_PROJECT: 'prj_demo_scale',
    },
  });
}

/** The host names `domains list … --json` printed, in order. */
async function hostsOf(args: string[]): Promise<string[]> {
  const result = await domains(['list', ...args, '--json']);
  expect(result).toMatchObject({ stderr: '', code: 0 });
  const page = JSON.parse(result.stdout) as DomainPage;
  expect(page.next_page_token).toBe('');
  return page.domains.map((d) => d.domain);
}

const hosts = (list: Domain[]) => list.map((d) => d.domain);
const expiry = (d: Domain) =>
  d.tls_cert_expiry ? Date.parse(d.tls_cert_expiry) : Number.POSITIVE_INFINITY;

describe('domains list --sort', () => {
  it('host: A to Z, over every page', async () => {
    const expected = hosts(all).toSorted();
    expect(await hostsOf(['--sort', 'host', '--page-size', '10'])).toEqual(expected);
  });

  it('status: pending first, each group newest first', async () => {
    const expected = [...all.filter((d) => !d.verified), ...all.filter((d) => d.verified)];
    expect(await hostsOf(['--sort', 'status'])).toEqual(hosts(expected));
  });

  it('tls: the soonest expiry first, domains without a certificate last', async () => {
    // A stable sort of the API's order: equal expiries keep newest first.
    const expected = all.toSorted((a, b) => expiry(a) - expiry(b));
    expect(expected.at(-1)?.tls_cert_expiry).toBeNull();
    expect(await hostsOf(['--sort', 'tls'])).toEqual(hosts(expected));
  });

  it('created: the API’s own order, newest first', async () => {
    expect(await hostsOf(['--sort', 'created'])).toEqual(hosts(all));
  });

  it('--reverse turns the order round; alone, oldest first', async () => {
    expect(await hostsOf(['--sort', 'host', '--reverse'])).toEqual(hosts(all).toSorted().reverse());
    expect(await hostsOf(['--reverse'])).toEqual(hosts(all).reverse());
  });

  it('sorts the table and what a filter keeps, and every format', async () => {
    const pending = hosts(all.filter((d) => !d.verified)).toSorted();
    const table = await domains(['list', '--sort', 'host', '--status', 'pending']);
    expect(table).toMatchObject({ stderr: '', code: 0 });
    const rows = table.stdout.trimEnd().split('\n').slice(1);
    expect(rows.map((row) => row.split(/\s+/)[0])).toEqual(pending);
    const csv = await domains(['list', '--sort', 'host', '--reverse', '--format', 'csv']);
    expect(
      csv.stdout
        .split('\n')
        .slice(1, 3)
        .map((line) => line.split(',')[0]),
    ).toEqual(hosts(all).toSorted().reverse().slice(0, 2));
    const ndjson = await domains(['list', '--sort', 'host', '--format', 'ndjson']);
    expect(
      ndjson.stdout
        .trimEnd()
        .split('\n')
        .map((line) => (JSON.parse(line) as Domain).domain),
    ).toEqual(hosts(all).toSorted());
  });

  it('refuses an order it does not know (2)', async () => {
    expect(await domains(['list', '--sort', 'name'])).toEqual({
      stdout: '',
      stderr:
        "domainctl: option '--sort <order>' argument 'name' is invalid. Allowed choices are created, host, status, tls.\n(run with --help for usage)\n",
      code: 2,
    });
  });
});

describe('domains ls', () => {
  it('is list by another name', async () => {
    const listed = await domains(['list', '--sort', 'host']);
    expect(listed.code).toBe(0);
    expect(await domains(['ls', '--sort', 'host'])).toEqual(listed);
  });
});
