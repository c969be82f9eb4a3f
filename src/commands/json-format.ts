import { JSON_TOKEN_COLORS, type JsonToken, jsonLines, jsonTokens } from '../core/json-tokens.js';
import { escapeJsonControls } from '../core/sanitize.js';
import { type Paint, paint } from './style.js';

export interface JsonFormatOptions {
  /** One line, no spaces (`--json`); otherwise two-space indentation. */
  compact?: boolean;
  /** ANSI colours, for a terminal: keys blue, strings green, numbers cyan, true/false yellow, null gray. */
  color?: boolean;
}

/** JSON.stringify with DEL and C1 controls escaped too: nothing in it a terminal would obey. */
const stringify = (value: unknown, indent?: number) =>
  escapeJsonControls(JSON.stringify(value, null, indent));

/**
 * Formats a parsed JSON value. Without colour the text is `JSON.stringify(value, null, 2)` (or
 * compact `JSON.stringify(value)`), so piping the output through jq or JSON.parse always works,
 * with one difference: DEL and C1 controls (U+007F–U+009F), which JSON.stringify leaves raw and
 * some terminals obey, are written as `\u009b` escapes, which parse back to the same string.
 */
export function formatJson(value: unknown, options: JsonFormatOptions = {}): string {
  if (!options.color) return options.compact ? stringify(value) : stringify(value, 2);
  return colorize(value, !!options.compact);
}

/** Writes one `{ "<key>": [...], "next_page_token": "" }` document a page of items at a time. */
export interface JsonListWriter {
  /**
   * Writes these items (the opening of the document before the first ones) in one write;
   * resolves when `write` does (once stdout has drained, for a paced writer).
   */
  items(items: readonly unknown[]): Promise<void>;
  /** Writes the end of the document, and the newline after it. */
  close(): Promise<void>;
}

/**
 * The merged document of a followed list, streamed: byte for byte what formatJson prints for
 * `{ [key]: allItems, next_page_token: "" }` (and its newline), with only one page in memory at a
 * time. Until close() the text written is not a whole JSON document, so a walk that fails
 * half-way never leaves output that reads as the complete list.
 */
export function jsonListWriter(
  key: string,
  options: JsonFormatOptions,
  write: (text: string) => void | Promise<void>,
): JsonListWriter {
  const p = paint(!!options.color);
  const compact = !!options.compact;
  const color = !!options.color;
  const name = (k: string) => (color ? p.blue(stringify(k)) : stringify(k));
  const colon = compact ? ':' : ': ';
  const open = `{${compact ? '' : '\n  '}${name(key)}${colon}[`;
  let count = 0;
  return {
    async items(items) {
      const parts: string[] = [];
      for (const item of items) {
        let text = formatJson(item, options);
        if (!compact) text = `    ${text.replaceAll('\n', '\n    ')}`;
        const before = count === 0 ? (compact ? open : `${open}\n`) : compact ? ',' : ',\n';
        parts.push(before + text);
        count += 1;
      }
      if (parts.length > 0) await write(parts.join(''));
    },
    async close() {
      const end = count === 0 ? `${open}]` : compact ? ']' : '\n  ]';
      const token = color ? p.green('""') : '""';
      await write(
        compact
          ? `${end},${name('next_page_token')}:${token}}\n`
          : `${end},\n  ${name('next_page_token')}: ${token}\n}\n`,
      );
    },
  };
}

/** A token in its kind's colour (JSON_TOKEN_COLORS, which the raw-request screen uses too). */
function painted(p: Paint, token: JsonToken): string {
  const color = JSON_TOKEN_COLORS[token.kind];
  return color ? p[color](token.text) : token.text;
}

function colorize(value: unknown, compact: boolean): string {
  const p = paint(true);
  if (compact)
    return jsonTokens(value)
      .map((token) => painted(p, token))
      .join('');
  return jsonLines(value)
    .map((line) => '  '.repeat(line.depth) + line.tokens.map((token) => painted(p, token)).join(''))
    .join('\n');
}
