import { describe, expect, it } from 'vitest';
import { MissingCredentialsError, RequestInputError } from '../../src/core/errors.js';
import {
  headersWithCredentials,
  prepareRequest,
  type RawRequestInput,
} from '../../src/client/prepare-request.js';

const BASE = 'https://api.example.com';
const prepare = (input: Partial<RawRequestInput>) =>
  prepareRequest({ method: 'GET', path: '/v1/regions', baseUrl: BASE, ...input });
const refusal = (input: Partial<RawRequestInput>) => {
  try {
    prepare(input);
  } catch (error) {
    return error;
  }
  throw new Error('prepareRequest accepted the input');
};

describe('prepareRequest', () => {
  it('takes the method in any case, and refuses one it does not know', () => {
    expect(prepare({ method: 'get' }).method).toBe('GET');
    expect(prepare({ method: 'Delete', path: '/v1/x', token: 't' }).method).toBe('DELETE');
    expect(refusal({ method: 'FETCH' })).toEqual(
      new RequestInputError('method must be one of GET, POST, PATCH, PUT, DELETE, got "FETCH"'),
    );
  });

  it('needs a path that starts with /', () => {
    expect(refusal({ path: '' })).toEqual(
      new RequestInputError('a path is required, e.g. /v1/regions'),
    );
    expect(refusal({ path: 'v1/regions' })).toEqual(
      new RequestInputError('path must start with / (e.g. /v1/regions), got "v1/regions"'),
    );
  });

  it('joins the path to a base URL with a path prefix, keeping the query', () => {
    const request = prepare({
      baseUrl: 'https://gw.example.com/api/',
      path: '/v1/projects?page_size=5',
      token: 't',
    });
    expect(request.url.toString()).toBe('https://gw.example.com/api/v1/projects?page_size=5');
    expect(request.path).toBe('/v1/projects?page_size=5');
    expect(request.match?.route.operationId).toBe('listProjects');
  });

  it('accepts an absolute URL only on the base URL origin and prefix', () => {
    const request = prepare({
      baseUrl: 'https://gw.example.com/api',
      path: 'https://gw.example.com/api/v1/regions',
    });
    expect(request.path).toBe('/v1/regions');
    expect(refusal({ path: 'https://evil.example.com/v1/regions' })).toEqual(
      new RequestInputError(
        'https://evil.example.com is not the API this profile talks to (https://api.example.com): credentials are only sent there',
      ),
    );
    expect(
      refusal({
        baseUrl: 'https://gw.example.com/api',
        path: 'https://gw.example.com/other/v1/regions',
      }),
    ).toBeInstanceOf(RequestInputError);
    expect(refusal({ path: 'http://api.example.com/v1/regions' })).toBeInstanceOf(
      RequestInputError,
    );
  });

  it('fills {project_id} and {org_id}, in relative and absolute paths, encoded', () => {
    expect(prepare({ path: '/v1/projects/{project_id}', project: 'prj_a', token: 't' }).path).toBe(
      '/v1/projects/prj_a',
    );
    expect(
      prepare({ path: `${BASE}/v1/projects/{project_id}/domains`, project: 'prj_b', token: 't' })
        .path,
    ).toBe('/v1/projects/prj_b/domains');
    expect(
      prepare({ path: '/v1/projects?organization_id={org_id}', org: 'org_x', token: 't' }).path,
    ).toBe('/v1/projects?organization_id=org_x');
    expect(prepare({ path: '/v1/projects/{project_id}', project: 'a/b', token: 't' }).path).toBe(
      '/v1/projects/a%2Fb',
    );
    expect(refusal({ path: '/v1/projects/{project_id}' })).toEqual(
      new RequestInputError(
        'the path has {project_id}: pass --project or set a default project in the profile',
      ),
    );
    expect(refusal({ path: '/v1/{thing}' })).toEqual(
      new RequestInputError(
        'unknown placeholder {thing}: only {project_id} and {org_id} are filled in',
      ),
    );
  });

  it('checks the body is JSON and marks it as such, unless told otherwise', () => {
    const post = { method: 'POST', path: '/v1/projects', token: 't' };
    expect(prepare({ ...post, data: '{"name":"x"}' }).headers['content-type']).toBe(
      'application/json',
    );
    expect(
      prepare({ ...post, data: '{}', headers: ['Content-Type: application/merge-patch+json'] })
        .headers['content-type'],
    ).toBe('application/merge-patch+json');
    expect(refusal({ ...post, data: '{name:1}' })).toBeInstanceOf(RequestInputError);
    expect(refusal({ data: '{}' })).toEqual(
      new RequestInputError('a GET request carries no body: use POST, PUT or PATCH with --data'),
    );
  });

  it('parses -H lines and refuses malformed ones', () => {
    expect(prepare({ headers: ['X-One: 1', 'x-two:two words '] }).headers).toEqual({
      'x-one': '1',
      'x-two': 'two words',
    });
    expect(refusal({ headers: ['no colon'] })).toEqual(
      new RequestInputError(`header "no colon" is not of the form 'Name: value'`),
    );
    expect(refusal({ headers: ['Bad Name: x'] })).toBeInstanceOf(RequestInputError);
    expect(refusal({ headers: ['X-Evil: a\r\nHost: evil'] })).toEqual(
      new RequestInputError(
        'header "X-Evil" has a line break (U+000D) in its value, which HTTP cannot send',
      ),
    );
  });

  it('refuses a body holding a mask where a credential was, however deep; other stars are sent', () => {
    const refused = (name: string) =>
      new RequestInputError(
        `the body's "${name}" is a masked value (****…), as the history keeps credentials: it would be sent as the mask; put the value itself`,
      );
    const post = (data: string) => ({ method: 'POST', path: '/v1/regions', data, token: 'dk_x' });
    expect(refusal(post('{"password":"****"}'))).toEqual(refused('password'));
    expect(refusal(post('{"auth":{"client":{"secret":"****wxyz"}}}'))).toEqual(refused('auth'));
    expect(refusal(post('{"items":[{"api_key":"****1234"}]}'))).toEqual(refused('api_key'));
    // Stars elsewhere, or a credential that is not a mask, are what the user meant.
    expect(prepare(post('{"note":"****1234","password":"hunter2"}')).body).toBe(
      '{"note":"****1234","password":"hunter2"}',
    );
    expect(prepare(post('{"token":"*****abcd"}')).body).toBe('{"token":"*****abcd"}');
  });

  it('refuses the headers that override the method (X-HTTP-Method-Override…), in any case', () => {
    const refused = (name: string) =>
      new RequestInputError(
        `the ${name} header is refused: it asks the server for another method than the one sent, past read-only profiles and the retry rules; send the method itself instead`,
      );
    for (const name of ['X-HTTP-Method-Override', 'x-http-method', 'X-Method-Override']) {
      expect(refusal({ headers: [`${name}: DELETE`] }), name).toEqual(refused(name));
    }
    expect(prepare({ headers: ['X-Method: DELETE'] }).headers).toEqual({ 'x-method': 'DELETE' });
  });

  it('refuses every header that routes the request (Host, :authority, Forwarded…), in any case', () => {
    const refused = (name: string) =>
      new RequestInputError(
        `the ${name} header is refused: it routes the request, and a front that routes by it could take the token to another site; domainctl sends to the profile's base URL only`,
      );
    expect(refusal({ headers: ['Host: evil.test'] })).toEqual(refused('Host'));
    expect(refusal({ headers: ['X-Trace: 1', 'host:evil.test'] })).toEqual(refused('host'));
    expect(refusal({ headers: [':authority: evil.test'] })).toEqual(refused(':authority'));
    expect(refusal({ headers: ['Forwarded: host=evil.test'] })).toEqual(refused('Forwarded'));
    for (const name of [
      'X-Forwarded-Host',
      'X-Forwarded-Server',
      'X-Forwarded-Proto',
      'X-Forwarded-Port',
      'X-Forwarded-Prefix',
      'X-Host',
      'X-Original-Host',
      'X-Original-URL',
      'X-Rewrite-URL',
    ]) {
      expect(refusal({ headers: [`${name}: evil.test`] }), name).toEqual(refused(name));
    }
    // Headers that only look alike are sent.
    expect(prepare({ headers: ['X-Hostname: a', 'X-Forwarded-For: 10.0.0.1'] }).headers).toEqual({
      'x-hostname': 'a',
      'x-forwarded-for': '10.0.0.1',
    });
  });

  it('sends credentials to bearer routes and unknown paths, never to public routes', () => {
    // The token goes to the client, whose beforeRequest hook adds it; -H's header is sent as given.
    const bearer = prepare({ path: '/v1/projects', token: 'dk_secret' });
    expect(bearer.token).toBe('dk_secret');
    expect(bearer.headers.authorization).toBeUndefined();
    expect(headersWithCredentials(bearer).authorization).toBe('Bearer dk_secret');
    expect(bearer.sendsCredentials).toBe(true);

    const publicRoute = prepare({ token: 'dk_secret', headers: ['Authorization: Bearer other'] });
    expect(publicRoute.headers.authorization).toBeUndefined();
    expect(publicRoute.token).toBeUndefined();
    expect(publicRoute.sendsCredentials).toBe(false);
    expect(publicRoute.match?.route.auth).toBe('public');

    expect(prepare({ path: '/v2/unknown', token: 'dk_secret' }).token).toBe('dk_secret');
    expect(prepare({ path: '/v2/unknown' }).sendsCredentials).toBe(false);
    const mine = prepare({
      path: '/v1/projects',
      headers: ['Authorization: Bearer mine'],
      token: 'dk_secret',
    });
    expect(mine.headers.authorization).toBe('Bearer mine');
    expect(mine.token).toBeUndefined();
    expect(mine.sendsCredentials).toBe(true);
  });

  it('refuses a bearer route without credentials', () => {
    expect(refusal({ path: '/v1/projects' })).toEqual(
      new MissingCredentialsError('GET /v1/projects'),
    );
  });

  it('names the route, its parameters and what is wrong with them', () => {
    const request = prepare({
      method: 'DELETE',
      path: '/v1/projects/prj_a/databases/main',
      token: 't',
    });
    expect(request.match?.route.path).toBe('/v1/projects/{project_id}/databases/{database_id}');
    expect(request.match?.params).toEqual({ project_id: 'prj_a', database_id: 'main' });
    expect(request.match?.warnings).toEqual(['database_id "main" does not start with db_']);
    expect(prepare({ path: '/v1/projects/a%20b', token: 't' }).match?.warnings).toEqual([
      'project_id "a b" does not match ^[a-zA-Z0-9_.-]+$',
    ]);
  });
});

describe('prepareRequest: paths that would become other paths, values HTTP cannot carry', () => {
  const base = 'https://api.example.com/api';
  const dots = (path: string) => refusal({ path, baseUrl: base, token: 'dk_secret' });

  it('refuses every spelling of a dot segment, relative or absolute, before anything is sent', () => {
    for (const [path, segment, pathname] of [
      ['/v1/../admin', '..', '/v1/../admin'],
      ['/../other/v1/regions', '..', '/../other/v1/regions'],
      ['/v1/./regions?x=1', '.', '/v1/./regions'],
      ['/v1/%2e%2e/admin', '%2e%2e', '/v1/%2e%2e/admin'],
      ['/v1/%2E./admin', '%2E.', '/v1/%2E./admin'],
      ['/v1/.%2e', '.%2e', '/v1/.%2e'],
      ['/v1\\..\\admin', '..', '/v1\\..\\admin'],
      ['https://api.example.com/api/v1/../../admin', '..', '/api/v1/../../admin'],
    ] as const) {
      expect(dots(path), path).toEqual(
        new RequestInputError(
          `the path ${pathname} has a dot segment ("${segment}"), which would make it another path: write the path it means`,
        ),
      );
    }
  });

  it('refuses a dot segment that a placeholder brings in', () => {
    expect(
      refusal({ path: '/v1/projects/{project_id}/domains', project: '..', token: 't' }),
    ).toEqual(
      new RequestInputError(
        'the path /v1/projects/../domains has a dot segment (".."), which would make it another path: write the path it means',
      ),
    );
  });

  it('takes dots that are no segment of their own, and any in the query', () => {
    const request = prepare({ path: '/v1/projects/prj_a.b/x..y/...?next=../..', token: 't' });
    expect(request.url.href).toBe(
      'https://api.example.com/v1/projects/prj_a.b/x..y/...?next=../..',
    );
  });

  it('refuses a token no header can carry, without quoting it', () => {
    for (const [token, what] of [
      ['dk_se\u0001cret', 'a control character (U+0001, character 6)'],
      ['dk_se\ncret', 'a control character (U+000A, character 6)'],
      ['dk se', 'a space (U+0020, character 3)'],
      ['dk_\u00e9', 'a character outside ASCII (U+00E9, character 4)'],
    ]) {
      const error = refusal({ path: '/v1/projects', token });
      expect(error).toEqual(
        new RequestInputError(
          `the token cannot be sent: it holds ${what}, and a token is printable ASCII without spaces; check --token, DOMAINCTL_TOKEN or the profile's token`,
        ),
      );
    }
  });

  it('refuses a header value with a control character other than a line break', () => {
    expect(refusal({ headers: ['X-Api-Key: abc\u0007def'] })).toEqual(
      new RequestInputError(
        'header "X-Api-Key" has a control character (U+0007) in its value, which HTTP cannot send',
      ),
    );
  });
});
