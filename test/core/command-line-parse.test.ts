import { describe, expect, it } from 'vitest';
import { isDomainctlCommand, parseCommandLine } from '../../src/core/command-line-parse.js';
import { isPastedCommand, parsePastedRequest } from '../../src/core/pasted-request.js';

describe('parseCommandLine', () => {
  it('reads a typed line: options before or after the path, --opt=value, -dVALUE, settings', () => {
    expect(
      parseCommandLine(
        `npx domainctl api request --project prj_demo_scale post /v1/projects/{project_id}/databases --data='{"name":"x"}' -HX-A:1 --token dk_secret --json --timeout 5`,
      ),
    ).toEqual({
      spec: {
        method: 'POST',
        path: '/v1/projects/{project_id}/databases',
        headers: ['X-A:1'],
        body: '{"name":"x"}',
      },
      project: 'prj_demo_scale',
      notes: [
        "left out: --token (the profile's token is sent instead)",
        'left out: --json, --timeout 5 (how the command prints or waits, not what it sends)',
      ],
    });
  });

  it('refuses what a pasted line cannot bring along or does not have', () => {
    const cases: [string, string][] = [
      [
        'domainctl api request POST /v1/x -d @body.json',
        '-d @body.json reads the body from a file',
      ],
      ['domainctl api request POST /v1/x -d @-', '-d @- reads the body from stdin'],
      ['domainctl domains list', 'this is not an api request command line'],
      ['domainctl api request GET', 'api request needs a method and a path'],
      ['domainctl api request GET /v1/x /v1/y', '"/v1/y" is one more'],
      [
        'domainctl api request HEAD /v1/x',
        'method must be one of GET, POST, PATCH, PUT, DELETE; got "HEAD"',
      ],
      ['domainctl api request GET /v1/x --frob', 'api request has no option --frob'],
      ['domainctl api request GET /v1/x --jq', '--jq needs a value'],
      [
        `domainctl api request POST /v1/x -d '{}' -f a=1`,
        'give the body with -d or with -f/-F fields, not both',
      ],
      [
        `domainctl api request GET /v1/x -H 'Host: evil.test'`,
        "the Host header is refused: it routes the request, and a front that routes by it could take the token to another site; domainctl sends to the profile's base URL only",
      ],
      [
        `domainctl api request GET /v1/x --header=Forwarded:host=evil.test`,
        'the Forwarded header is refused: it routes the request',
      ],
    ];
    for (const [text, message] of cases)
      expect(() => parseCommandLine(text), text).toThrow(message);
  });
});

describe('parsePastedRequest', () => {
  it('reads a curl or a domainctl line, and says what it takes otherwise', () => {
    const base = 'http://127.0.0.1:7878';
    expect(parsePastedRequest(`curl ${base}/v1/regions`, base).spec).toEqual({
      method: 'GET',
      path: '/v1/regions',
    });
    expect(parsePastedRequest('domainctl api request GET /v1/regions', base).spec).toEqual({
      method: 'GET',
      path: '/v1/regions',
    });
    expect(() => parsePastedRequest('http GET /v1/x', base)).toThrow(
      "paste a curl command or a 'domainctl api request' command line, or type a path",
    );
    expect(isPastedCommand('/v1/projects')).toBe(false);
    expect(isDomainctlCommand('domainctl')).toBe(false);
    expect(isPastedCommand('domainctl api request GET /v1/x')).toBe(true);
  });
});
