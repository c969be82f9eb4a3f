import { describe, expect, it } from 'vitest';
import { isCurlCommand, parseCurl } from '../../src/core/curl-parse.js';
import { RequestInputError } from '../../src/core/errors.js';

const BASE = 'http://127.0.0.1:7878';

describe('parseCurl', () => {
  it('reads a browser\'s "Copy as cURL" (bash): URL, method, headers, body, line continuations', () => {
    const pasted = `curl 'http://127.0.0.1:7878/v1/projects/prj_demo_scale/domains' \\
  -H 'accept: application/json' \\
  -H 'authorization: Bearer dk_demo_tester' \\
  -H 'content-type: application/json' \\
  -H 'cookie: session=abc' \\
  --data-raw '{"domain":"shop.example.com"}' \\
  --compressed`;
    expect(parseCurl(pasted, BASE)).toEqual({
      spec: {
        method: 'POST',
        path: '/v1/projects/prj_demo_scale/domains',
        headers: ['accept: application/json', 'content-type: application/json'],
        body: '{"domain":"shop.example.com"}',
      },
      notes: [
        "left out: the authorization header (the profile's token is sent instead), the cookie header (the profile's token is sent instead)",
      ],
    });
  });

  it("reads $'…' quoting (Chrome's copy of a body with a quote in it) and CRLF continuations", () => {
    const pasted =
      "curl 'http://127.0.0.1:7878/v1/x' \\\r\n  -X PUT \\\r\n  --data-raw $'{\"name\":\"it\\'s\\u00e9\\\\n\"}'";
    expect(parseCurl(pasted, BASE).spec).toEqual({
      method: 'PUT',
      path: '/v1/x',
      body: '{"name":"it\'sé\\n"}',
    });
  });

  it('reads double quotes with their escapes, and keeps $VARIABLES as written', () => {
    const pasted =
      'curl -X PATCH "http://127.0.0.1:7878/v1/x?a=1&b=2" -H "X-Note: \\"quoted\\" \\$HOME $USER" -d "{\\"a\\":1}"';
    expect(parseCurl(pasted, BASE).spec).toEqual({
      method: 'PATCH',
      path: '/v1/x?a=1&b=2',
      headers: ['X-Note: "quoted" $HOME $USER'],
      body: '{"a":1}',
    });
  });

  it("reads grouped and attached short options (-sS, -XDELETE, -H'…') and --json", () => {
    expect(
      parseCurl(
        "curl -sSL -XDELETE -H'X-Trace: 1' http://127.0.0.1:7878/v1/projects/p/databases/db_1",
        BASE,
      ).spec,
    ).toEqual({
      method: 'DELETE',
      path: '/v1/projects/p/databases/db_1',
      headers: ['X-Trace: 1'],
    });
    expect(parseCurl(`curl --json '{"name":"x"}' ${BASE}/v1/p`, BASE).spec).toEqual({
      method: 'POST',
      path: '/v1/p',
      body: '{"name":"x"}',
    });
  });

  it('takes a URL without a scheme as curl does (http), and -G moves the data into the query', () => {
    expect(parseCurl('curl -G 127.0.0.1:7878/v1/projects -d page_size=2', BASE).spec).toEqual({
      method: 'GET',
      path: '/v1/projects?page_size=2',
    });
  });

  it("keeps the base URL's path prefix out of the path", () => {
    expect(
      parseCurl('curl https://api.example.com/api/v1/regions', 'https://api.example.com/api/').spec
        .path,
    ).toBe('/v1/regions');
  });

  it("refuses another host than the profile's, saying why", () => {
    expect(() => parseCurl("curl 'https://evil.example.com/v1/projects'", BASE)).toThrow(
      "the curl command talks to https://evil.example.com, not to this profile's API (http://127.0.0.1:7878): domainctl sends the profile's credentials only there",
    );
    expect(() => parseCurl('curl http://127.0.0.1:7879/v1/projects', BASE)).toThrow(
      'the curl command talks to http://127.0.0.1:7879',
    );
    expect(() =>
      parseCurl('curl https://api.example.com/other/v1', 'https://api.example.com/api'),
    ).toThrow(
      "the curl command talks to https://api.example.com/other/v1, not to this profile's API (https://api.example.com/api)",
    );
  });

  it('refuses what it cannot follow, each with its reason', () => {
    const cases: [string, string][] = [
      [`curl -d @body.json ${BASE}/v1/x`, '-d @body.json reads the body from a file'],
      [`curl -F a=b ${BASE}/v1/x`, 'curl -F sends a form or a file'],
      [`curl -I ${BASE}/v1/x`, 'curl -I sends HEAD'],
      [
        `curl -X OPTIONS ${BASE}/v1/x`,
        'curl -X OPTIONS: the API takes GET, POST, PUT, PATCH and DELETE only',
      ],
      [
        `curl --frobnicate ${BASE}/v1/x`,
        'curl option --frobnicate is not one domainctl can follow',
      ],
      [`curl ${BASE}/v1/x ${BASE}/v1/y`, 'the curl command has 2 URLs'],
      ['curl -s', 'the curl command has no URL'],
      [`curl ${BASE}/v1/x | jq .`, 'the command line has "|"'],
      [`curl ${BASE}/v1/x; rm -rf /`, 'the command line has ";"'],
      [`wget ${BASE}/v1/x`, 'this is not a curl command'],
      [`curl -H`, 'curl option -H needs a value'],
    ];
    for (const [text, message] of cases) expect(() => parseCurl(text, BASE), text).toThrow(message);
  });

  it('leaves out -u, cookies and transport headers, and says so', () => {
    expect(
      parseCurl(`curl -u me:secret -H 'Host:' -H 'Content-Length: 3' ${BASE}/v1/x`, BASE),
    ).toEqual({
      spec: { method: 'GET', path: '/v1/x' },
      notes: [
        "left out: -u (the profile's token is sent instead), the Content-Length header (domainctl sets it itself)",
      ],
    });
  });

  it('refuses a header that routes the request (Host, :authority, X-Forwarded-Host), as -H does', () => {
    const refused = (name: string) =>
      `the ${name} header is refused: it routes the request, and a front that routes by it could take the token to another site; domainctl sends to the profile's base URL only`;
    expect(() => parseCurl(`curl -H 'Host: evil.test' ${BASE}/v1/x`, BASE)).toThrow(
      new RequestInputError(refused('Host')),
    );
    expect(() => parseCurl(`curl --header ':authority: evil.test' ${BASE}/v1/x`, BASE)).toThrow(
      new RequestInputError(refused(':authority')),
    );
    expect(() => parseCurl(`curl -H 'X-Forwarded-Host: evil.test' ${BASE}/v1/x`, BASE)).toThrow(
      new RequestInputError(refused('X-Forwarded-Host')),
    );
  });

  it('tells a curl command from a path', () => {
    expect(isCurlCommand("curl 'http://x'")).toBe(true);
    expect(isCurlCommand('  /usr/bin/curl http://x')).toBe(true);
    expect(isCurlCommand('/v1/curl')).toBe(false);
    expect(isCurlCommand('/v1/projects')).toBe(false);
  });
});
