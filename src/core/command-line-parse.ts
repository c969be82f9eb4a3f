import type { PastedRequest } from './curl-parse.js';
import { RequestInputError } from './errors.js';
import { refuseRoutingHeader } from './routing-headers.js';
import { parseMethod, type RequestField, type RequestSpec } from './request-spec.js';
import { shellWords } from './shell-words.js';

/** A pasted `domainctl api request …` line: the request, and the settings the line names. */
export interface PastedCommandLine extends PastedRequest {
  /** --project, --org and --profile, when the line gives them. */
  project?: string;
  org?: string;
  profile?: string;
}

const DOMAINCTL = /^(?:.*[/\\])?domainctl(?:\.js)?$/;

/** True when the text is a `domainctl …` command line (maybe after `npx`), not a path. */
export function isDomainctlCommand(text: string): boolean {
  const words = text.trim().split(/\s+/);
  if (words[0] === 'npx') words.shift();
  return DOMAINCTL.test(words[0] ?? '') && words.length > 1;
}

// The options of `api request` and the global ones, by every name they have: what each one sets.
type Target =
  | 'data'
  | 'header'
  | 'rawField'
  | 'field'
  | 'jq'
  | 'project'
  | 'org'
  | 'profile'
  | 'ignore'
  | 'token'
  | 'baseUrl';
const WITH_VALUE: Record<string, Target> = {
  '-d': 'data',
  '--data': 'data',
  '-H': 'header',
  '--header': 'header',
  '-f': 'rawField',
  '--raw-field': 'rawField',
  '-F': 'field',
  '--field': 'field',
  '--jq': 'jq',
  '--project': 'project',
  '--org': 'org',
  '--profile': 'profile',
  '--token': 'token',
  '--base-url': 'baseUrl',
  '--timeout': 'ignore',
  '--max-response-size': 'ignore',
};
// Switches that change how the answer is printed, not what is sent.
const SWITCHES = new Set([
  '--paginate',
  '-i',
  '--include',
  '--silent',
  '--json',
  '--no-color',
  '--debug',
]);

/**
 * Reads a `domainctl api request METHOD PATH [options]` command line (as formatCommandLine writes
 * one, or as a person types it) into a request: -d, -H, -f/-F, --paginate, --jq and --arg, and
 * the --project, --org and --profile it names. --token is left out (the profile's token is sent;
 * `notes` says so), and so is --base-url (the request goes to the profile's API). Refused with
 * RequestInputError: another command than `api request`, a body from a file or stdin (`-d @…`,
 * which a pasted line cannot bring along), an option `api request` does not have, a header that
 * routes the request (Host…: see core/routing-headers.ts).
 */
export function parseCommandLine(text: string): PastedCommandLine {
  const words = shellWords(text);
  if (words[0] === 'npx') words.shift();
  if (!DOMAINCTL.test(words[0] ?? '') || words[1] !== 'api' || words[2] !== 'request') {
    throw new RequestInputError(
      "this is not an api request command line: it should start with 'domainctl api request'",
    );
  }
  const positional: string[] = [];
  const headers: string[] = [];
  const fields: RequestField[] = [];
  const jqArgs: [string, string][] = [];
  const notes: string[] = [];
  const out: Omit<PastedCommandLine, 'spec' | 'notes'> = {};
  let body: string | undefined;
  let jq: string | undefined;
  let paginate = false;
  // Options of how the command prints or waits: said to be left out, as they change nothing sent.
  const printing: string[] = [];
  const rest = words.slice(3);
  let options = true;
  for (let i = 0; i < rest.length; i++) {
    let word = rest[i] as string;
    if (!options || !word.startsWith('-') || word === '-') {
      positional.push(word);
      continue;
    }
    if (word === '--') {
      options = false;
      continue;
    }
    let attached: string | undefined;
    const equals = word.indexOf('=');
    if (word.startsWith('--') && equals > 0) {
      attached = word.slice(equals + 1);
      word = word.slice(0, equals);
    } else if (/^-[dHfF]./.test(word)) {
      attached = word.slice(2);
      word = word.slice(0, 2);
    }
    if (SWITCHES.has(word) && attached === undefined) {
      if (word === '--paginate') paginate = true;
      else printing.push(word);
      continue;
    }
    const value = (): string => {
      const next = attached ?? rest[++i];
      if (next === undefined) throw new RequestInputError(`${word} needs a value`);
      return next;
    };
    if (word === '--arg') {
      const name = rest[++i];
      const argValue = rest[++i];
      if (name === undefined || argValue === undefined) {
        throw new RequestInputError('--arg needs a name and a value: --arg NAME VALUE');
      }
      jqArgs.push([name, argValue]);
      continue;
    }
    const target = WITH_VALUE[word];
    if (!target) throw new RequestInputError(`api request has no option ${word}`);
    const given = value();
    switch (target) {
      case 'data':
        if (given.startsWith('@')) {
          throw new RequestInputError(
            `-d ${given} reads the body from ${given === '@-' ? 'stdin' : 'a file'}, which a pasted line cannot bring along: paste the body itself`,
          );
        }
        body = given;
        break;
      case 'header':
        refuseRoutingHeader(given);
        headers.push(given);
        break;
      case 'rawField':
      case 'field':
        fields.push({ kind: target === 'field' ? 'typed' : 'raw', text: given });
        break;
      case 'jq':
        jq = given;
        break;
      case 'project':
      case 'org':
      case 'profile':
        out[target] = given;
        break;
      case 'token':
        notes.push("left out: --token (the profile's token is sent instead)");
        break;
      case 'baseUrl':
        notes.push("left out: --base-url (the request goes to the profile's API)");
        break;
      case 'ignore':
        printing.push(`${word} ${given}`);
        break;
    }
  }
  const [methodWord, path, ...extra] = positional;
  if (methodWord === undefined || path === undefined) {
    throw new RequestInputError('api request needs a method and a path: api request GET /v1/…');
  }
  if (extra.length > 0) {
    throw new RequestInputError(`api request takes a method and a path; "${extra[0]}" is one more`);
  }
  if (body !== undefined && fields.length > 0) {
    throw new RequestInputError('give the body with -d or with -f/-F fields, not both');
  }
  if (printing.length > 0) {
    notes.push(
      `left out: ${printing.join(', ')} (how the command prints or waits, not what it sends)`,
    );
  }
  const method = parseMethod(methodWord);
  if (!method) {
    throw new RequestInputError(
      `method must be one of GET, POST, PATCH, PUT, DELETE; got "${methodWord}"`,
    );
  }
  const spec: RequestSpec = {
    method,
    path,
    ...(headers.length > 0 ? { headers } : {}),
    ...(body !== undefined ? { body } : {}),
    ...(fields.length > 0 ? { fields } : {}),
    ...(paginate ? { paginate } : {}),
    ...(jq !== undefined ? { jq } : {}),
    ...(jqArgs.length > 0 ? { jqArgs } : {}),
  };
  return { spec, notes, ...out };
}
