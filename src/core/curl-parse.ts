import { RequestInputError } from './errors.js';
import { refuseRoutingHeader } from './routing-headers.js';
import { headerName, parseMethod, type RequestSpec } from './request-spec.js';
import { shellWords } from './shell-words.js';

/** A pasted command line read into a request, with what was left out of it and why. */
export interface PastedRequest {
  spec: RequestSpec;
  /** Sentences for the user: headers and options left out (credentials, transport), and why. */
  notes: string[];
}

const setOf = (text: string) => new Set(text.split(' '));

// curl's short options that take a value (`-X POST`, `-XPOST`); every other short one is a switch.
const SHORT_WITH_VALUE = new Set('AbcCdDeEFHKmoPQrtTuUwxXyYz');

/** Options that change nothing domainctl sends (output, progress, TLS and transport choices). */
const IGNORED_SWITCHES = setOf(
  '-s --silent -S --show-error -L --location -k --insecure -i --include -v ' +
    '--verbose -g --globoff -f --fail --fail-with-body -N --no-buffer --compressed ' +
    '--http1.0 --http1.1 --http2 --http2-prior-knowledge --http3 -4 --ipv4 -6 --ipv6 ' +
    '--no-progress-meter -# --progress-bar --path-as-is -q --disable',
);
const IGNORED_WITH_VALUE = setOf(
  '-m --max-time --connect-timeout --retry --retry-delay --retry-max-time -o ' +
    '--output -w --write-out --limit-rate',
);

// Long options of curl that take a value, as far as they mean something here.
const LONG_WITH_VALUE = setOf(
  '--request --header --data --data-raw --data-binary --data-ascii --json --url ' +
    '--user --cookie --user-agent --referer --data-urlencode --form --form-string ' +
    '--upload-file --proxy --cookie-jar --cacert --cert --key --resolve --connect-to ' +
    '--oauth2-bearer',
);

// Options about the connection itself (proxy, certificates, name resolution): domainctl makes its
// own, with the profile's settings.
const CONNECTION_OPTIONS = setOf(
  '-x --proxy -c --cookie-jar --cacert -E --cert --key --resolve --connect-to',
);

// Headers curl or the client sets itself for the connection: a pasted value is out of place.
// (Host is not one of them: it routes the request, and is refused; see core/routing-headers.ts.)
const TRANSPORT_HEADERS = new Set(['content-length', 'accept-encoding', 'connection']);

const CURL = /^(?:.*[/\\])?curl(?:\.exe)?$/i;

/**
 * True when the text is a curl command line: `curl` (maybe with a folder before it) and
 * something after it. A path alone (`/v1/curl`) is not one.
 */
export function isCurlCommand(text: string): boolean {
  const [first = '', ...rest] = text.trim().split(/\s+/);
  return CURL.test(first) && rest.length > 0;
}

/** The profile's base URL: its origin and its path prefix (no trailing slash). */
function baseOf(baseUrl: string): { origin: string; prefix: string } {
  const url = new URL(baseUrl);
  return { origin: url.origin, prefix: url.pathname.replace(/\/$/, '') };
}

/**
 * The curl's URL as a path relative to the profile's base URL; a URL on another origin (or
 * outside the base URL's path) is refused: the profile's credentials are only sent there.
 */
function relativeTo(baseUrl: string, address: string): string {
  const written = /^[a-z][a-z0-9+.-]*:\/\//i.test(address) ? address : `http://${address}`;
  let url: URL;
  try {
    url = new URL(written);
  } catch {
    throw new RequestInputError(`the curl command's URL "${address}" is not a URL`);
  }
  const base = baseOf(baseUrl);
  if (url.origin !== base.origin || !`${url.pathname}/`.startsWith(`${base.prefix}/`)) {
    throw new RequestInputError(
      `the curl command talks to ${url.origin}${url.origin === base.origin ? url.pathname : ''}, not to this profile's API (${base.origin}${base.prefix}): domainctl sends the profile's credentials only there`,
    );
  }
  return `${url.pathname.slice(base.prefix.length) || '/'}${url.search}`;
}

/**
 * Reads a curl command line (a browser's "Copy as cURL", one from a bug report, or one domainctl
 * copied) into a request for the profile whose base URL is given: method (-X, or POST with a
 * body), URL, headers (-H, -A, -e), body (-d, --data-raw, --data-binary, --json; -G moves it
 * into the query). Authorization, cookies and -u are left out (the profile's token is sent
 * instead), and so are transport headers; `notes` says so. Refused with RequestInputError and
 * the reason: another host than the profile's, a body from a file (`-d @file`), a form or an
 * upload, an option it does not know, several URLs, a header that routes the request (Host…).
 */
export function parseCurl(text: string, baseUrl: string): PastedRequest {
  const words = shellWords(text);
  if (!CURL.test(words[0] ?? '')) {
    throw new RequestInputError('this is not a curl command: it should start with "curl"');
  }
  const notes: string[] = [];
  const headers: string[] = [];
  const data: string[] = [];
  const urls: string[] = [];
  let method: string | undefined;
  let get = false;
  const left = new Set<string>();

  const rest = words.slice(1);
  let options = true;
  for (let i = 0; i < rest.length; i++) {
    const word = rest[i] as string;
    if (!options || !word.startsWith('-') || word === '-') {
      urls.push(word);
    } else if (word === '--') {
      options = false;
    } else if (word.startsWith('--')) {
      // curl has no `--name=value`: a long option's value is always the next word.
      const takesValue = LONG_WITH_VALUE.has(word) || IGNORED_WITH_VALUE.has(word);
      handle(word, takesValue ? valueAfter(word, ++i) : '');
    } else {
      // A group of short options (`-sSL`, `-XPOST`, `-sd '{…}'`): switches, then at most one
      // option with a value, which is the rest of the word or the next word.
      for (let at = 1; at < word.length; at++) {
        const letter = word[at] as string;
        if (!SHORT_WITH_VALUE.has(letter)) {
          handle(`-${letter}`, '');
          continue;
        }
        const attached = word.slice(at + 1);
        handle(`-${letter}`, attached !== '' ? attached : valueAfter(`-${letter}`, ++i));
        break;
      }
    }
  }

  function valueAfter(flag: string, index: number): string {
    const value = rest[index];
    if (value === undefined) throw new RequestInputError(`curl option ${flag} needs a value`);
    return value;
  }

  function handle(flag: string, value: string): void {
    switch (flag) {
      case '-X':
      case '--request':
        method = value;
        return;
      case '-H':
      case '--header':
        addHeader(value);
        return;
      case '-A':
      case '--user-agent':
        addHeader(`User-Agent: ${value}`);
        return;
      case '-e':
      case '--referer':
        addHeader(`Referer: ${value}`);
        return;
      case '-d':
      case '--data':
      case '--data-ascii':
      case '--data-binary':
        if (value.startsWith('@')) {
          throw new RequestInputError(
            `${flag} ${value} reads the body from a file, which a pasted command cannot bring along: paste the body itself`,
          );
        }
        data.push(value);
        return;
      case '--data-raw':
      case '--json':
        data.push(value);
        return;
      case '--url':
        urls.push(value);
        return;
      case '-G':
      case '--get':
        get = true;
        return;
      case '-u':
      case '--user':
      case '-b':
      case '--cookie':
      case '--oauth2-bearer':
        left.add(`${flag} (the profile's token is sent instead)`);
        return;
      case '-I':
      case '--head':
        throw new RequestInputError('curl -I sends HEAD, which the API has no use for: use GET');
      case '--data-urlencode':
      case '-F':
      case '--form':
      case '--form-string':
      case '-T':
      case '--upload-file':
        throw new RequestInputError(
          `curl ${flag} sends a form or a file, and the API takes JSON bodies only: use -d '{…}'`,
        );
      default:
        if (IGNORED_SWITCHES.has(flag) || IGNORED_WITH_VALUE.has(flag)) return;
        if (CONNECTION_OPTIONS.has(flag)) {
          left.add(`${flag} (domainctl makes its own connection)`);
          return;
        }
        throw new RequestInputError(`curl option ${flag} is not one domainctl can follow`);
    }
  }

  function addHeader(line: string): void {
    if (line.startsWith('@')) {
      throw new RequestInputError(
        `-H ${line} reads headers from a file: paste the headers themselves`,
      );
    }
    const name = headerName(line);
    // `Name;` sends an empty header and `Name:` removes one of curl's own: neither is ours to copy.
    if (!name || line.slice(line.indexOf(':') + 1).trim() === '') {
      if (!line.trimStart().startsWith(':')) return;
    }
    // Refused, never left out: the line meant the request for another site, and it says so.
    refuseRoutingHeader(line);
    const lower = name.toLowerCase();
    if (lower === 'authorization' || lower === 'cookie') {
      left.add(`the ${name} header (the profile's token is sent instead)`);
      return;
    }
    if (TRANSPORT_HEADERS.has(lower)) {
      left.add(`the ${name} header (domainctl sets it itself)`);
      return;
    }
    headers.push(`${name}: ${line.slice(line.indexOf(':') + 1).trim()}`);
  }

  if (urls.length === 0) throw new RequestInputError('the curl command has no URL');
  if (urls.length > 1) {
    throw new RequestInputError(
      `the curl command has ${urls.length} URLs (${urls.join(', ')}): paste a command with one`,
    );
  }
  let path = relativeTo(baseUrl, urls[0] as string);
  let body: string | undefined = data.length > 0 ? data.join('&') : undefined;
  if (get && body !== undefined) {
    path = `${path}${path.includes('?') ? '&' : '?'}${body}`;
    body = undefined;
  }
  const chosen = method ?? (body === undefined ? 'GET' : 'POST');
  const parsed = parseMethod(chosen);
  if (!parsed) {
    throw new RequestInputError(
      `curl -X ${chosen}: the API takes GET, POST, PUT, PATCH and DELETE only`,
    );
  }
  if (left.size > 0) notes.push(`left out: ${[...left].join(', ')}`);
  return {
    spec: {
      method: parsed,
      path,
      ...(headers.length > 0 ? { headers } : {}),
      ...(body !== undefined ? { body } : {}),
    },
    notes,
  };
}
