import { formatByteSize } from '../core/byte-size.js';
import { CliError } from '../core/errors.js';
import { ExitCode } from '../core/exit-codes.js';
import { visibleText } from '../core/sanitize.js';
import { writeErr, writeOut } from './context.js';
import type { JqLimits, JqProgram } from '../core/jq-engine.js';
import { ARG_SEPARATOR } from './jq-options.js';

// How a command prints through its --jq expression (jq-options.ts defines the options).

export interface JqFlags {
  jq?: string;
  arg?: string[];
}

/** A checked --jq expression, ready to print a document through. */
export interface JqFilter {
  /** Prints what the expression makes of the document (compact with --json). */
  print(document: unknown, compact: boolean): Promise<void>;
  /** The same for the document as JSON text. */
  printJson(json: string, compact: boolean): Promise<void>;
}

/**
 * The --jq filter of a command, or undefined without --jq. jq is loaded here, and only here:
 * the expression is compiled before anything is sent, so an invalid one is exit code 2. Each run
 * of jq ends with `deadline` (the command's --timeout) when given, else within jq's own time
 * limit (src/core/jq-engine.ts).
 */
export async function jqFilter(
  flags: JqFlags,
  deadline?: AbortSignal,
): Promise<JqFilter | undefined> {
  if (flags.jq === undefined) {
    if (flags.arg?.length) throw new CliError('--arg is for --jq expressions: add --jq');
    return undefined;
  }
  const program: JqProgram = {
    expression: flags.jq,
    args: (flags.arg ?? []).map((pair) => {
      const at = pair.indexOf(ARG_SEPARATOR);
      return [pair.slice(0, at), pair.slice(at + 1)] as const;
    }),
  };
  const { checkJq, runJq } = await import('../core/jq-engine.js');
  const limits: JqLimits = { signal: deadline };
  await checkJq(program, limits);
  const printJson = async (json: string, compact: boolean) => {
    const { output, messages } = await runJq(json, program, compact, limits);
    // Server text, through jq: shown, never obeyed.
    for (const message of messages) writeErr(`${visibleText(message)}\n`);
    if (output !== undefined) writeOut(`${visibleText(output)}\n`);
  };
  return {
    printJson,
    print: (document, compact) => printJson(JSON.stringify(document), compact),
  };
}

/**
 * The merged document of a followed list (`--paginate`, `--all`), held whole for --jq: the same
 * `{ "<key>": [...], "next_page_token": "" }` the command streams without it. It is kept as JSON
 * text and may not grow past the response-size limit: exit code 7 past it.
 */
export class MergedList {
  private readonly parts: string[] = [];
  private bytes = 0;

  constructor(
    private readonly key: string,
    private readonly limit: number,
  ) {}

  add(items: readonly unknown[]): void {
    for (const item of items) {
      const text = JSON.stringify(item) ?? 'null';
      this.bytes += Buffer.byteLength(text) + 1;
      if (this.bytes > this.limit) {
        throw new CliError(
          `the merged list is larger than ${formatByteSize(this.limit)}, the most --jq holds of it (--max-response-size or DOMAINCTL_MAX_RESPONSE_SIZE); without --jq the list is streamed, a page at a time`,
          ExitCode.responseTooLarge,
        );
      }
      this.parts.push(text);
    }
  }

  json(): string {
    return `{${JSON.stringify(this.key)}:[${this.parts.join(',')}],"next_page_token":""}`;
  }
}
