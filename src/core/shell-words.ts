import { parse } from 'shell-quote';
import { RequestInputError } from './errors.js';

// A pasted command line (a browser's "Copy as cURL", a bug report, a copied `domainctl api
// request …`) split into words as a POSIX shell would split it; nothing is run or expanded. The
// other way, a word quoted for a shell, is shellWord (suggested-commands.ts), which loads no
// parser.

/**
 * Drops the line continuations (a backslash right before a line break) that a shell drops: those
 * outside '…' and $'…', where a backslash means something else. shell-quote would split there.
 */
function joinContinuations(text: string): string {
  let out = '';
  // Where we are: plain text, '…', "…", or $'…' (ANSI-C quoting, where \' does not end it).
  let quote: 'none' | 'single' | 'double' | 'ansi' = 'none';
  for (let i = 0; i < text.length; i++) {
    const char = text[i] as string;
    if (quote === 'single') {
      if (char === "'") quote = 'none';
    } else if (char === '\\') {
      const next = text[i + 1] ?? '';
      const lineBreak = next === '\n' ? 1 : next === '\r' && text[i + 2] === '\n' ? 2 : 0;
      if (lineBreak > 0 && quote !== 'ansi') {
        i += lineBreak;
        continue;
      }
      // An escape is copied whole, so the character it escapes is never read as a quote.
      out += char + next;
      i += 1;
      continue;
    } else if (quote === 'none') {
      if (char === "'") quote = text[i - 1] === '$' ? 'ansi' : 'single';
      else if (char === '"') quote = 'double';
    } else if ((quote === 'double' && char === '"') || (quote === 'ansi' && char === "'")) {
      quote = 'none';
    }
    out += char;
  }
  return out;
}

/**
 * The words of one command line, as a POSIX shell would split them: '…', "…" and $'…' quoting,
 * backslash escapes, line continuations. `$NAME` and `${NAME}` are kept as they are written
 * (`$DOMAINCTL_TOKEN` stays `$DOMAINCTL_TOKEN`): nothing is expanded. A comment ends the line.
 * A pipe, `;`, `&&`, a redirection or a subshell is refused (RequestInputError): it is one
 * command that is pasted, never a script.
 */
export function shellWords(text: string): string[] {
  const entries = parse(joinContinuations(text), (name) => `$${name}`);
  const words: string[] = [];
  for (const entry of entries) {
    if (typeof entry === 'string') {
      words.push(entry);
    } else if ('comment' in entry) {
      break;
    } else if (entry.op === 'glob') {
      // An unquoted `?` or `*` (a URL's query): a shell would pass it on when no file matches.
      words.push(entry.pattern);
    } else {
      throw new RequestInputError(
        `the command line has "${entry.op}": paste one command, without pipes, redirections, ";" or "&&"`,
      );
    }
  }
  return words;
}
