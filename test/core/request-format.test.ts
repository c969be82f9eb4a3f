import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { parseCommandLine } from '../../src/core/command-line-parse.js';
import { parseCurl } from '../../src/core/curl-parse.js';
import { formatCommandLine, formatCurl } from '../../src/core/request-format.js';
import type { RequestSpec } from '../../src/core/request-spec.js';

/** The words bash makes of a command line: what the shell would hand the program. */
function bashWords(line: string, env: Record<string, string> = {}): string[] {
  // `set --` makes the line the shell's arguments, and "$@" prints each one whole.
  const result = spawnSync('bash', ['-c', `set -- ${line}; printf '%s\\0' "$@"`], {
    encoding: 'utf8',
    env: { PATH: process.env.PATH ?? '', ...env },
  });
  expect(result.status, result.stderr).toBe(0);
  return result.stdout.split('\0').slice(0, -1);
}

describe('formatCommandLine', () => {
  it('writes every part of the request, quoted so a shell hands back the same words', () => {
    const spec: RequestSpec = {
      method: 'POST',
      path: '/v1/projects/{project_id}/domains',
      headers: ["X-Note: it's a test", 'X-Trace: 1'],
      body: '{"domain": "shop.example.com", "note": "$HOME `id` \\"q\\""}',
      jq: '.dns_instructions | .txt_value',
      jqArgs: [['name', 'a b']],
    };
    const line = formatCommandLine(spec, { project: 'prj_demo_scale', profile: 'local' });
    expect(line).toBe(
      `domainctl api request POST '/v1/projects/{project_id}/domains' -H 'X-Note: it'\\''s a test' -H 'X-Trace: 1' -d '{"domain": "shop.example.com", "note": "$HOME \`id\` \\"q\\""}' --jq '.dns_instructions | .txt_value' --arg name 'a b' --profile local --project prj_demo_scale`,
    );
    expect(bashWords(line)).toEqual([
      'domainctl',
      'api',
      'request',
      'POST',
      '/v1/projects/{project_id}/domains',
      '-H',
      "X-Note: it's a test",
      '-H',
      'X-Trace: 1',
      '-d',
      spec.body,
      '--jq',
      '.dns_instructions | .txt_value',
      '--arg',
      'name',
      'a b',
      '--profile',
      'local',
      '--project',
      'prj_demo_scale',
    ]);
  });

  it('never writes a typed credential header out: its value is read from a shell variable, as the curl does', () => {
    // A walkthrough's finding: c copied `-H 'X-Api-Key: secret9876'` to the clipboard, C the variable.
    const line = formatCommandLine({
      method: 'GET',
      path: '/v1/regions',
      headers: ['X-Api-Key: secret9876', 'Authorization: Token abc123', 'X-Trace: 1'],
    });
    expect(line).toBe(
      `domainctl api request GET /v1/regions -H "X-Api-Key: $X_API_KEY" -H "Authorization: Token $DOMAINCTL_TOKEN" -H 'X-Trace: 1'`,
    );
    // A header whose name starts with a digit: a variable a shell reads whole.
    const digit = formatCommandLine({
      method: 'GET',
      path: '/v1/regions',
      headers: ['2fa-token: 1'],
    });
    expect(digit).toContain('-H "2fa-token: $H_2FA_TOKEN"');
    expect(bashWords(digit, { H_2FA_TOKEN: 'x-1' }).slice(5)).toEqual(['-H', '2fa-token: x-1']);
    expect(bashWords(line, { X_API_KEY: 'k-1', DOMAINCTL_TOKEN: 't-2' }).slice(5)).toEqual([
      '-H',
      'X-Api-Key: k-1',
      '-H',
      'Authorization: Token t-2',
      '-H',
      'X-Trace: 1',
    ]);
  });

  it('writes -f/-F fields as given, and --paginate; --project only where the path needs it', () => {
    expect(
      formatCommandLine(
        {
          method: 'GET',
          path: '/v1/projects',
          fields: [
            { kind: 'raw', text: 'page_size=5' },
            { kind: 'typed', text: 'x=true' },
          ],
          paginate: true,
        },
        { project: 'prj_demo_scale' },
      ),
    ).toBe('domainctl api request GET /v1/projects -f page_size=5 -F x=true --paginate');
  });

  it('is read back by parseCommandLine into the same request', () => {
    const spec: RequestSpec = {
      method: 'PUT',
      path: '/v1/x?a=1&b=2',
      headers: ['X-A: 1'],
      body: '{\n  "multi": "line"\n}',
      paginate: true,
      jq: '.[]',
      jqArgs: [['k', 'v']],
    };
    expect(parseCommandLine(formatCommandLine(spec, { project: 'p', org: 'o' }))).toEqual({
      spec,
      notes: [],
    });
  });
});

describe('formatCurl', () => {
  const request = {
    method: 'POST',
    url: new URL('http://127.0.0.1:7878/v1/projects/prj_demo_scale/domains'),
    headers: {
      'x-note': "it's",
      authorization: 'Bearer dk_demo_tester',
      'x-api-key': 'sk_live_secret',
      'content-type': 'application/json',
    },
    body: '{"domain":"shop.example.com"}',
  };

  it('takes the token from $DOMAINCTL_TOKEN and never writes a credential', () => {
    const curl = formatCurl(request);
    expect(curl).toBe(
      `curl -X POST http://127.0.0.1:7878/v1/projects/prj_demo_scale/domains -H 'x-note: it'\\''s' -H "authorization: Bearer $DOMAINCTL_TOKEN" -H "x-api-key: $X_API_KEY" -H 'content-type: application/json' --data-raw '{"domain":"shop.example.com"}'`,
    );
    expect(curl).not.toContain('dk_demo_tester');
    expect(curl).not.toContain('sk_live_secret');
    // What the shell hands curl: the variable's value, the rest word for word.
    expect(bashWords(curl, { DOMAINCTL_TOKEN: 'tok', X_API_KEY: 'key' })).toEqual([
      'curl',
      '-X',
      'POST',
      'http://127.0.0.1:7878/v1/projects/prj_demo_scale/domains',
      '-H',
      "x-note: it's",
      '-H',
      'authorization: Bearer tok',
      '-H',
      'x-api-key: key',
      '-H',
      'content-type: application/json',
      '--data-raw',
      '{"domain":"shop.example.com"}',
    ]);
  });

  it('quotes a header name a shell would expand, and expands only the variable', () => {
    const curl = formatCurl({
      method: 'GET',
      url: 'http://h/v1/x',
      headers: { 'x`id`-token': 'secret' },
    });
    expect(curl).toBe(`curl http://h/v1/x -H 'x\`id\`-token: '"$X_ID__TOKEN"`);
    expect(bashWords(curl, { X_ID__TOKEN: 's' })).toEqual([
      'curl',
      'http://h/v1/x',
      '-H',
      'x`id`-token: s',
    ]);
  });

  it('is read back by parseCurl into the same request (the token left to the profile)', () => {
    const curl = formatCurl(request, { multiline: true });
    expect(curl.split('\n')).toHaveLength(8);
    expect(parseCurl(curl, 'http://127.0.0.1:7878')).toEqual({
      spec: {
        method: 'POST',
        path: '/v1/projects/prj_demo_scale/domains',
        headers: ["x-note: it's", 'x-api-key: $X_API_KEY', 'content-type: application/json'],
        body: '{"domain":"shop.example.com"}',
      },
      notes: ["left out: the authorization header (the profile's token is sent instead)"],
    });
  });
});
