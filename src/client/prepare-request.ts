import { matchRoute, pathnameOf, type RouteMatch } from '../contract/match-route.js';
import { type HttpMethod, httpMethods } from '../contract/routes.js';
import { MissingCredentialsError, RequestInputError } from '../core/errors.js';
import { maskedMember } from '../core/mask.js';
import { refuseIfReadOnly } from '../core/profile-safety.js';
import { refuseRoutingHeader } from '../core/routing-headers.js';

export interface RawRequestInput {
  /** Any case; GET, POST, PATCH, PUT or DELETE. */
  method: string;
  /** `/v1/…` relative to the base URL (query string allowed), or an absolute URL on its origin. */
  path: string;
  /** JSON text of the body, already read from `@file` or stdin. */
  data?: string;
  /** `Name: value` lines from `-H`. */
  headers?: readonly string[];
  /** Fill `{project_id}` and `{org_id}`. */
  project?: string;
  org?: string;
  baseUrl: string;
  token?: string;
  /**
   * The profile is read-only: POST, PUT, PATCH and DELETE are refused here, before anything is
   * sent (RequestInputError, exit code 2). `profile` names it in the message.
   */
  readOnly?: boolean;
  profile?: string;
}

export interface PreparedRequest {
  method: HttpMethod;
  /** The API it goes to (the profile's): the HTTP client is made for it. */
  baseUrl: URL;
  url: URL;
  /** The path as matched against the route table: relative to the base URL, with query. */
  path: string;
  /** The headers given with -H (names in lower case), and a body's content type. */
  headers: Record<string, string>;
  body?: string;
  /** The route of the table this request reaches, if any: template, parameters, warnings. */
  match?: RouteMatch;
  /** The request carries credentials: the token below, or an Authorization header given with -H. */
  sendsCredentials: boolean;
  /**
   * The token the HTTP client adds as `Authorization: Bearer …` (its beforeRequest hook): set
   * when the request sends credentials and no Authorization header was given.
   */
  token?: string;
}

/** The headers as they are sent, the token's Authorization header included (for a curl of it). */
export function headersWithCredentials(request: PreparedRequest): Record<string, string> {
  return request.token
    ? { ...request.headers, authorization: `Bearer ${request.token}` }
    : request.headers;
}

const ABSOLUTE = /^[a-z][a-z0-9+.-]*:\/\//i;
const HEADER_NAME = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;
// What Node's HTTP client sends in a header value: tab, printable ASCII and latin1 bytes.
const NOT_IN_HEADER_VALUE = /[^\t\x20-\x7e\x80-\xff]/;
// A bearer token or API key is printable ASCII without spaces (RFC 6750's b64token and more).
const NOT_IN_TOKEN = /[^\x21-\x7e]/;

/** A character as a message may name it: `U+0001`, never the character itself. */
const codePoint = (char: string) =>
  `U+${(char.codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, '0')}`;

/**
 * The token as it goes into `Authorization: Bearer …`, or a RequestInputError (a usage error:
 * nothing is sent) when no HTTP header can carry it. The message never quotes the token.
 */
export function checkToken(token: string): string {
  const bad = NOT_IN_TOKEN.exec(token);
  if (bad) {
    const what =
      bad[0] === ' '
        ? 'a space'
        : bad[0] > '\x7e'
          ? 'a character outside ASCII'
          : 'a control character';
    throw new RequestInputError(
      `the token cannot be sent: it holds ${what} (${codePoint(bad[0])}, character ${bad.index + 1}), and a token is printable ASCII without spaces; check --token, DOMAINCTL_TOKEN or the profile's token`,
    );
  }
  return token;
}

/** A segment the URL parser would resolve away: `.`, `..`, and their `%2e` spellings. */
function isDotSegment(segment: string): boolean {
  const plain = segment.toLowerCase().replaceAll('%2e', '.');
  return plain === '.' || plain === '..';
}

/**
 * Refuses a path with a dot segment (`/../`, `/./`, `%2e%2e`, `.%2E`, also after a backslash,
 * which URLs treat as a slash): resolved, it would reach another path than the one typed and
 * matched against the routes, outside the base URL's path even, with the token. No path of the
 * API needs one, so it is an input error and nothing is sent.
 */
export function refuseDotSegments(path: string): void {
  const pathname = path.split(/[?#]/, 1)[0] ?? '';
  const dots = pathname.split(/[/\\]/).find(isDotSegment);
  if (dots !== undefined) {
    throw new RequestInputError(
      `the path ${pathname} has a dot segment ("${dots}"), which would make it another path: write the path it means`,
    );
  }
}

export function parseBaseUrl(baseUrl: string): URL {
  let url: URL;
  try {
    url = new URL(baseUrl);
  } catch {
    throw new RequestInputError(
      `base URL "${baseUrl}" is not a URL (e.g. https://api.example.com)`,
    );
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new RequestInputError(`base URL "${baseUrl}" must be http or https`);
  }
  return url;
}

/**
 * The base URL and a relative path joined, keeping a path prefix the base URL may have. A path
 * with a dot segment is refused (see refuseDotSegments): it could walk out of that prefix.
 */
export function joinUrl(base: URL, path: string): URL {
  refuseDotSegments(path);
  return new URL(`${base.origin}${base.pathname.replace(/\/$/, '')}${path}`);
}

function relativePath(path: string, base: URL): string {
  if (!ABSOLUTE.test(path)) {
    if (!path.startsWith('/')) {
      throw new RequestInputError(`path must start with / (e.g. /v1/regions), got "${path}"`);
    }
    return path;
  }
  // Checked as typed: the URL parser resolves dot segments away before the prefix is compared.
  refuseDotSegments(path.replace(ABSOLUTE, '/').replace(/^\/[^/?#\\]*/, ''));
  let url: URL;
  try {
    url = new URL(path);
  } catch {
    throw new RequestInputError(`"${path}" is not a valid URL`);
  }
  const prefix = base.pathname.replace(/\/$/, '');
  // Credentials go to the profile's API and nowhere else.
  if (url.origin !== base.origin || !url.pathname.startsWith(prefix)) {
    throw new RequestInputError(
      `${url.origin} is not the API this profile talks to (${base.origin}${prefix}): credentials are only sent there`,
    );
  }
  return `${url.pathname.slice(prefix.length)}${url.search}`;
}

function fillPlaceholders(path: string, input: RawRequestInput): string {
  return path.replace(/\{([^}]*)\}/g, (_, name: string) => {
    if (name === 'project_id') {
      if (!input.project) {
        throw new RequestInputError(
          'the path has {project_id}: pass --project or set a default project in the profile',
        );
      }
      return encodeURIComponent(input.project);
    }
    if (name === 'org_id' || name === 'organization_id') {
      if (!input.org) {
        throw new RequestInputError(
          `the path has {${name}}: pass --org or set a default organisation in the profile`,
        );
      }
      return encodeURIComponent(input.org);
    }
    throw new RequestInputError(
      `unknown placeholder {${name}}: only {project_id} and {org_id} are filled in`,
    );
  });
}

function parseHeaders(lines: readonly string[]): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const line of lines) {
    refuseRoutingHeader(line);
    const colon = line.indexOf(':');
    const name = colon > 0 ? line.slice(0, colon).trim() : '';
    if (!HEADER_NAME.test(name)) {
      throw new RequestInputError(`header "${line}" is not of the form 'Name: value'`);
    }
    const value = line.slice(colon + 1).trim();
    // A line break in a value would smuggle in another header; Node refuses every control
    // character, late, in a way that would read as a network failure.
    const bad = NOT_IN_HEADER_VALUE.exec(value);
    if (bad) {
      const what = /[\r\n]/.test(bad[0])
        ? 'a line break'
        : bad[0] > '\xff'
          ? 'a character a header cannot carry'
          : 'a control character';
      throw new RequestInputError(
        `header "${name}" has ${what} (${codePoint(bad[0])}) in its value, which HTTP cannot send`,
      );
    }
    headers[name.toLowerCase()] = value;
  }
  return headers;
}

/** The body, checked: JSON, never on a GET, and no mask where a credential was (maskedMember). */
function checkBody(method: HttpMethod, data: string | undefined): string | undefined {
  if (data === undefined) return undefined;
  if (method === 'GET')
    throw new RequestInputError(
      'a GET request carries no body: use POST, PUT or PATCH with --data',
    );
  let parsed: unknown;
  try {
    parsed = JSON.parse(data);
  } catch (error) {
    throw new RequestInputError(`the body is not valid JSON: ${(error as Error).message}`);
  }
  const masked = maskedMember(parsed);
  if (masked !== undefined) {
    throw new RequestInputError(
      `the body's "${masked}" is a masked value (****…), as the history keeps credentials: it would be sent as the mask; put the value itself`,
    );
  }
  return data;
}

function checkMethod(method: string): HttpMethod {
  const upper = method.toUpperCase() as HttpMethod;
  if (!httpMethods.includes(upper)) {
    throw new RequestInputError(`method must be one of ${httpMethods.join(', ')}, got "${method}"`);
  }
  return upper;
}

/**
 * The checks of prepareRequest that do not depend on who sends the request or where (method,
 * path, body, headers), for a request that is kept rather than sent (`api request --save`):
 * placeholders stay, no token is needed, a read-only profile may keep a POST. An absolute URL
 * is made relative to `baseUrl`, and refused when it is on another API. Returns the method
 * upper-cased and the path relative to the base URL.
 */
export function checkRequestInput(
  input: Pick<RawRequestInput, 'method' | 'path' | 'data' | 'headers'> & { baseUrl?: string },
): { method: HttpMethod; path: string } {
  const method = checkMethod(input.method);
  if (!input.path) throw new RequestInputError('a path is required, e.g. /v1/regions');
  let path = input.path;
  if (ABSOLUTE.test(path)) {
    if (!input.baseUrl) {
      throw new RequestInputError(`"${path}" is a URL: give the path under the base URL instead`);
    }
    path = relativePath(path, parseBaseUrl(input.baseUrl));
  } else {
    relativePath(path, new URL('http://localhost'));
    refuseDotSegments(path);
  }
  checkBody(method, input.data);
  parseHeaders(input.headers ?? []);
  return { method, path };
}

/**
 * Checks and assembles a raw request: everything that can be wrong with what the user typed is
 * found here, before anything is sent. `api request` and the UI's raw screen both start here.
 */
export function prepareRequest(input: RawRequestInput): PreparedRequest {
  const method = checkMethod(input.method);
  refuseIfReadOnly(method, input.readOnly, input.profile);
  if (!input.path) throw new RequestInputError('a path is required, e.g. /v1/regions');
  const base = parseBaseUrl(input.baseUrl);
  // Placeholders first: an absolute URL's parser would percent-encode the braces away.
  const path = relativePath(fillPlaceholders(input.path, input), base);

  const body = checkBody(method, input.data);
  const headers = parseHeaders(input.headers ?? []);
  if (body !== undefined && !headers['content-type']) headers['content-type'] = 'application/json';

  const { match } = matchRoute(method, pathnameOf(path));
  const isPublic = match?.route.auth === 'public';
  let token: string | undefined;
  if (!isPublic && !headers.authorization) {
    if (input.token) {
      token = checkToken(input.token);
    } else if (match) {
      throw new MissingCredentialsError(`${match.route.method} ${match.route.path}`);
    }
  } else if (isPublic) {
    // A public route is sent without credentials, even ones given with -H.
    delete headers.authorization;
  }
  const sendsCredentials = token !== undefined || headers.authorization !== undefined;
  const url = joinUrl(base, path);
  return {
    method,
    baseUrl: base,
    url,
    path,
    headers,
    body,
    match,
    sendsCredentials,
    ...(token !== undefined ? { token } : {}),
  };
}
