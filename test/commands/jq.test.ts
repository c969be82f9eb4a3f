import { spawnSync } from 'node:child_process';
import { beforeAll, describe, expect, it } from 'vitest';
import { type CliResult, runCli } from '../helpers/cli.js';
import { deadPort } from '../helpers/dns-server.js';
import { seededServerForFile } from '../helpers/fixtures.js';
import { TESTER_KEY } from '../helpers/server.js';
import { toolPath } from '../helpers/tools.js';

// --jq runs jq itself (compiled to WebAssembly): every expression here is run by Debian's jq
// program on the document the command prints with --json, and the two outputs must be the same.

const server = seededServerForFile();

const env = () => ({
  DOMAINCTL_BASE_URL: server.url,
  DOMAINCTL_TOKEN: TESTER_KEY,
  DOMAINCTL_PROJECT: 'prj_demo_scale',
});

const domainctl = (args: string[]) => runCli(args, { env: env() });

/** Debian's jq over a document: `jq -r [-c] [--arg …] EXPRESSION`. */
function jq(document: string, expression: string, flags: string[] = []): CliResult {
  const result = spawnSync(toolPath('jq'), ['-r', ...flags, expression], { input: document });
  if (result.error) throw result.error;
  return { stdout: result.stdout.toString(), stderr: result.stderr.toString(), code: 0 };
}

/** A document as the command prints it with --json: what --jq runs over. */
async function documentOf(args: string[]): Promise<string> {
  const result = await domainctl([...args, '--json']);
  expect(result.stderr).toBe('');
  expect(result.code).toBe(0);
  return result.stdout;
}

const PROJECTS = ['api', 'request', 'GET', '/v1/projects'];

// From jq's manual: paths, select, map, to_entries, string interpolation, @csv, @tsv and more.
// Each one's output is the same in jq 1.6 (Debian's) and jq 1.7 (ours).
const EXPRESSIONS: [expression: string, args?: string[]][] = [
  ['.'],
  ['.projects[0].id'],
  ['.projects[].name'],
  ['.projects[1:] | length'],
  ['.projects | map(.id)'],
  ['.projects[] | select(.plan == "scale") | .id'],
  ['[.projects[] | {id, plan}]'],
  ['.projects | map(select(.region_id == "eu-west")) | length'],
  ['.projects[0] | to_entries'],
  ['.projects[0] | to_entries | map("\\(.key)=\\(.value)") | .[]'],
  ['.projects[0] | keys'],
  ['.projects[0] | with_entries(select(.key | endswith("_id")))'],
  ['.projects[] | "\\(.id) is on \\(.plan)"'],
  ['.projects[] | [.id, .name, .plan] | @csv'],
  ['.projects[] | [.id, .name, .plan] | @tsv'],
  ['[paths] | length'],
  ['[paths(scalars)] | map(map(tostring) | join(".")) | .[0:5]'],
  ['[paths(type == "string")] | .[0]'],
  ['.projects | group_by(.plan) | map({plan: .[0].plan, count: length})'],
  ['.projects | sort_by(.created_at) | .[0].id'],
  ['.projects | min_by(.created_at) | .id'],
  ['[.projects[].plan] | unique'],
  ['.projects | any(.plan == "free")'],
  ['.projects | all(.id | startswith("prj_"))'],
  ['.projects[] | select(.id == $id) | .name', ['--arg', 'id', 'prj_demo_free']],
  ['"\\($greeting), \\(.projects[0].name)"', ['--arg', 'greeting', 'hello there']],
  ['$ARGS.named', ['--arg', 'a', '1', '--arg', 'b', 'two words']],
  ['.projects | length as $n | "\\($n) projects"'],
  ['.projects | reduce .[] as $p ({}; .[$p.plan] += 1)'],
  ['.projects[0] | del(.created_at, .updated_at)'],
  ['.projects[0] | has("id"), has("nope")'],
  ['.projects | map(.name | ascii_downcase | split(" ") | join("-"))'],
  ['.projects[] | .name | sub(" "; "_")'],
  ['.next_page_token // "none"'],
  ['.projects[0] | [.id, .plan] | @json, @base64'],
  ['.projects | first.id, last.id'],
  ['.projects | INDEX(.id) | keys'],
  ['limit(2; .projects[].id)'],
  ['[.. | .id? // empty]'],
  ['try error("nope") catch .'],
  ['if (.projects | length) > 2 then "many" else "few" end'],
  ['.projects[0] | tojson'],
];

describe('--jq gives what the jq program gives, on the same document', { tags: ['jq'] }, () => {
  let projects: string;
  beforeAll(async () => {
    projects = await documentOf(PROJECTS);
  });

  it.each(EXPRESSIONS)('api request --jq %j', async (expression, args = []) => {
    const expected = jq(projects, expression, args);
    expect(expected.stdout).not.toBe('');
    expect(await domainctl([...PROJECTS, '--jq', expression, ...args])).toEqual(expected);
  });

  it('prints one line a value with --json, as jq -c', async () => {
    const expression = '.projects[] | {id, plan}';
    const expected = jq(projects, expression, ['-c']);
    expect(expected.stdout.split('\n')).toHaveLength(4);
    expect(await domainctl([...PROJECTS, '--json', '--jq', expression])).toEqual(expected);
  });

  it('runs over the merged document with --paginate, not page by page', async () => {
    // 45 domains in pages of 10: five pages, one document.
    const list = ['api', 'request', 'GET', '/v1/projects/{project_id}/domains?page_size=10'];
    const merged = await documentOf([...list, '--paginate']);
    const before = server.requests.length;
    for (const expression of [
      '.domains | length',
      '[.domains[].domain] | sort | .[0:3]',
      '.domains[] | select(.verified | not) | .domain',
      '[.domains[] | .tls_cert_expiry | select(. != null)] | min',
      '.domains | map(select(.domain | test("shop"))) | map(.domain) | @csv',
      '.next_page_token',
    ]) {
      expect(await domainctl([...list, '--paginate', '--jq', expression])).toEqual(
        jq(merged, expression),
      );
    }
    expect(jq(merged, '.domains | length').stdout).toBe('45\n');
    expect(server.requests.slice(before).filter((r) => r.startsWith('GET '))).toHaveLength(30);
  });

  it('runs over the merged document of domains list --all', async () => {
    const merged = await documentOf(['domains', 'list', '--all', '--page-size', '7']);
    const expression = '[.domains[] | select(.verified)] | length';
    expect(
      await domainctl(['domains', 'list', '--all', '--page-size', '7', '--jq', expression]),
    ).toEqual(jq(merged, expression));
  });

  it('filters what domains records, add and profile list print with --json', async () => {
    for (const [command, expression] of [
      [['domains', 'records', 'www.acme-shop.com'], '.records[] | [.type, .host] | @tsv'],
      [['profile', 'list'], 'length'],
    ] as const) {
      const document = await documentOf([...command]);
      expect(await domainctl([...command, '--jq', expression])).toEqual(jq(document, expression));
    }
    expect(
      await domainctl(['domains', 'add', 'jq.example.com', '--jq', '.dns_instructions.txt_host']),
    ).toEqual({ stdout: '_domainctl-verify.jq.example.com\n', stderr: '', code: 0 });
  });

  it('filters the report of domains check, whose exit code still says the records are wrong', async () => {
    // Nothing answers DNS at this address: every record is an error, and the check fails.
    const command = [
      'domains',
      'check',
      'www.acme-shop.com',
      '--dns-server',
      await deadPort(),
      '--timeout',
      '0.2',
    ];
    const report = await domainctl([...command, '--json']);
    expect(report.code).toBe(1);
    const expression = '[.ok, (.records | map(.status) | unique)]';
    expect(await domainctl([...command, '--jq', expression])).toEqual({
      ...jq(report.stdout, expression),
      code: 1,
    });
  });

  it('domains list keeps its next-page hint on stderr', async () => {
    const command = ['domains', 'list', '--page-size', '3'];
    const page = await domainctl([...command, '--json']);
    expect(page.stderr).toMatch(/^More domains follow\. /);
    expect(await domainctl([...command, '--jq', '.domains[].domain'])).toEqual({
      ...jq(page.stdout, '.domains[].domain'),
      stderr: page.stderr,
    });
  });
});

describe('--jq: what goes wrong', () => {
  it('an invalid expression is a usage error with jq’s message, and nothing is sent', async () => {
    const before = server.requests.length;
    expect(await domainctl([...PROJECTS, '--jq', '.projects[0'])).toEqual({
      stdout: '',
      stderr:
        'domainctl: invalid --jq expression: jq: error: syntax error, unexpected end of file (Unix shell quoting issues?) at <top-level>, line 1\n',
      code: 2,
    });
    expect(await domainctl(['domains', 'add', 'never.example.com', '--jq', '$nope'])).toEqual({
      stdout: '',
      stderr:
        'domainctl: invalid --jq expression: jq: error: $nope is not defined at <top-level>, line 1\n',
      code: 2,
    });
    expect(server.requests.slice(before)).toEqual([]);
  });

  it('an error at run time ends with exit code 1 and jq’s message', async () => {
    expect(await domainctl([...PROJECTS, '--jq', '.projects[0].id | .x'])).toEqual({
      stdout: '',
      stderr: 'domainctl: --jq: jq: error (at <stdin>:0): Cannot index string with string "x"\n',
      code: 1,
    });
  });

  it('--arg needs --jq, and a name and a value', async () => {
    expect(await domainctl([...PROJECTS, '--arg', 'a', 'b'])).toEqual({
      stdout: '',
      stderr: 'domainctl: --arg is for --jq expressions: add --jq\n',
      code: 2,
    });
    expect((await domainctl([...PROJECTS, '--jq', '$a', '--arg', 'a'])).code).toBe(2);
  });

  it('shows control characters that jq prints as escapes, never raw', async () => {
    expect(await domainctl([...PROJECTS, '--jq', '"\\u001b]2;owned\\u0007 and a\\ttab"'])).toEqual({
      stdout: '\\u001b]2;owned\\u0007 and a\ttab\n',
      stderr: '',
      code: 0,
    });
  });

  it('keeps the response-size limit on the merged document: exit code 7', async () => {
    const list = ['api', 'request', 'GET', '/v1/projects/{project_id}/domains?page_size=10'];
    expect(
      await domainctl([...list, '--paginate', '--jq', 'length', '--max-response-size', '16K']),
    ).toEqual({
      stdout: '',
      stderr:
        'domainctl: the merged list is larger than 16 KiB, the most --jq holds of it (--max-response-size or DOMAINCTL_MAX_RESPONSE_SIZE); without --jq the list is streamed, a page at a time\n',
      code: 7,
    });
  });
});
