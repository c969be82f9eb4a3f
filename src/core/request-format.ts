import { isSensitiveHeader } from './mask.js';
import type { RequestSpec } from './request-spec.js';
import { shellWord } from './suggested-commands.js';

// A request written out as a command someone can run: a `domainctl api request …` line that
// sends it again, or a curl command. Neither ever holds a credential: the token is the shell
// variable DOMAINCTL_TOKEN, which `domainctl` reads too, and a typed header that carries one
// reads it from a variable named after the header.

/** The shell variable a copied curl takes the token from. */
export const TOKEN_VARIABLE = 'DOMAINCTL_TOKEN';

/** What the command line names beyond the request: the profile, and the project and org. */
export interface CommandLineContext {
  /** Adds `--profile NAME`. */
  profile?: string;
  /** Adds `--project ID` when the path has `{project_id}` (the line then works anywhere). */
  project?: string;
  /** Adds `--org ID` when the path has `{org_id}` or `{organization_id}`. */
  org?: string;
}

/**
 * The request as a `domainctl api request …` line that sends it again: method, path (with its
 * placeholders), -H, -d (or the -f/-F fields it came with), --paginate, --jq and --arg, and the
 * profile, project and org it needs. Every word quoted for a POSIX shell.
 */
export function formatCommandLine(spec: RequestSpec, context: CommandLineContext = {}): string {
  // Words to quote, and pieces already written as the shell must read them (`$X_API_KEY`).
  const words: (string | { quoted: string })[] = ['domainctl', 'api', 'request', spec.method];
  words.push(spec.path);
  for (const header of spec.headers ?? []) {
    const credential = headerCredential(header);
    words.push(...(credential ? [{ quoted: credential }] : ['-H', header]));
  }
  if (spec.fields?.length) {
    for (const field of spec.fields) words.push(field.kind === 'typed' ? '-F' : '-f', field.text);
  } else if (spec.body !== undefined) {
    words.push('-d', spec.body);
  }
  if (spec.paginate) words.push('--paginate');
  if (spec.jq !== undefined) words.push('--jq', spec.jq);
  for (const [name, value] of spec.jqArgs ?? []) words.push('--arg', name, value);
  if (context.profile) words.push('--profile', context.profile);
  if (context.project && spec.path.includes('{project_id}')) {
    words.push('--project', context.project);
  }
  if (context.org && /\{(org_id|organization_id)\}/.test(spec.path)) {
    words.push('--org', context.org);
  }
  return words.map((word) => (typeof word === 'string' ? shellWord(word) : word.quoted)).join(' ');
}

/**
 * A typed header that carries a credential (what --debug masks), as `-H` with its value read
 * from a shell variable, as the curl writes it: `Authorization: Bearer …` from
 * `$DOMAINCTL_TOKEN`, `X-Api-Key: …` from `$X_API_KEY`. Undefined for any other header.
 */
function headerCredential(header: string): string | undefined {
  const colon = header.indexOf(':');
  const name = colon > 0 ? header.slice(0, colon).trim() : '';
  if (!name || !isSensitiveHeader(name)) return undefined;
  if (name.toLowerCase() !== 'authorization')
    return headerFromVariable(`${name}: `, variableOf(name));
  const scheme = /^(\S+)\s/.exec(header.slice(colon + 1).trim())?.[1] ?? 'Bearer';
  return headerFromVariable(`${name}: ${scheme} `, TOKEN_VARIABLE);
}

/** A request ready to send, as prepareRequest makes one (its shape is all that is needed). */
export interface SendableRequest {
  method: string;
  url: URL | string;
  /** As sent; the Authorization header holds the token, which the curl never shows. */
  headers: Readonly<Record<string, string>>;
  body?: string;
}

/**
 * `X-Api-Key` → `X_API_KEY`: the shell variable a copied curl takes that header's value from. A
 * name a shell variable cannot start with (`2fa-token`) gets `H_` before it: `$2FA_TOKEN` would
 * be read as `$2` and the text `FA_TOKEN`.
 */
const variableOf = (header: string) =>
  header
    .toUpperCase()
    .replace(/[^A-Z0-9]/g, '_')
    .replace(/^(?=[0-9])/, 'H_');

// `Name: ` or `Name: Scheme `, of letters, digits, `.`, `_` and `-`: safe in double quotes.
const PLAIN_PREFIX = /^[A-Za-z0-9._-]+:(?: [A-Za-z0-9._-]+)? $/;

/**
 * `-H "Name: $VARIABLE"`: the text before the variable in double quotes when it is plain, else
 * single-quoted with the variable double-quoted after it, so a shell expands the variable and
 * nothing else.
 */
function headerFromVariable(text: string, variable: string): string {
  if (PLAIN_PREFIX.test(text)) return `-H "${text}$${variable}"`;
  return `-H ${shellWord(text)}"$${variable}"`;
}

/**
 * The request as a curl command that sends the same request: method, URL, headers and body.
 * The Authorization header reads the token from `$DOMAINCTL_TOKEN` (its scheme word kept), and
 * any other header whose name looks like a credential's (what --debug masks) from a shell
 * variable named after it (`$X_API_KEY`): no credential is ever written out. --paginate and --jq
 * have no curl of their own and are not part of it. With `multiline`, one option a line, joined
 * by ` \` line continuations as browsers copy them.
 */
export function formatCurl(
  request: SendableRequest,
  options: { multiline?: boolean } = {},
): string {
  const parts = ['curl'];
  if (request.method.toUpperCase() !== 'GET') parts.push(`-X ${request.method.toUpperCase()}`);
  parts.push(shellWord(String(request.url)));
  for (const [name, value] of Object.entries(request.headers)) {
    if (name.toLowerCase() === 'authorization') {
      const scheme = /^(\S+)\s/.exec(value)?.[1] ?? 'Bearer';
      parts.push(headerFromVariable(`${name}: ${scheme} `, TOKEN_VARIABLE));
    } else if (isSensitiveHeader(name)) {
      parts.push(headerFromVariable(`${name}: `, variableOf(name)));
    } else {
      parts.push(`-H ${shellWord(`${name}: ${value}`)}`);
    }
  }
  if (request.body !== undefined) parts.push(`--data-raw ${shellWord(request.body)}`);
  return parts.join(options.multiline ? ' \\\n  ' : ' ');
}
