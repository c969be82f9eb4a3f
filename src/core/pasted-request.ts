import {
  isDomainctlCommand,
  type PastedCommandLine,
  parseCommandLine,
} from './command-line-parse.js';
import { isCurlCommand, parseCurl } from './curl-parse.js';
import { RequestInputError } from './errors.js';

/** True when the text is a command line to read (curl or `domainctl api request`), not a path. */
export function isPastedCommand(text: string): boolean {
  return isCurlCommand(text) || isDomainctlCommand(text);
}

/**
 * A pasted curl command or `domainctl api request …` line read into a request for the profile
 * whose base URL is given (parseCurl, parseCommandLine). Anything else is a RequestInputError
 * that says what is expected.
 */
export function parsePastedRequest(text: string, baseUrl: string): PastedCommandLine {
  if (isCurlCommand(text)) return parseCurl(text, baseUrl);
  if (isDomainctlCommand(text)) return parseCommandLine(text);
  throw new RequestInputError(
    "paste a curl command or a 'domainctl api request' command line, or type a path",
  );
}
