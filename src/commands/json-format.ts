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
  return colorize(value, paint(true), options.compact ? undefined : '', !!options.compact);
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

function colorize(value: unknown, p: Paint, indent: string | undefined, compact: boolean): string {
  const inner = indent === undefined ? undefined : `${indent}  `;
  const open = (bracket: string) => (compact ? bracket : `${bracket}\n`);
  const close = (bracket: string) => (compact ? bracket : `\n${indent}${bracket}`);
  const separator = compact ? ',' : ',\n';

  if (value === null) return p.gray('null');
  if (typeof value === 'string') return p.green(stringify(value));
  if (typeof value === 'number') return p.cyan(JSON.stringify(value));
  if (typeof value === 'boolean') return p.yellow(String(value));
  if (Array.isArray(value)) {
    if (value.length === 0) return '[]';
    const items = value.map((item) => `${inner ?? ''}${colorize(item, p, inner, compact)}`);
    return `${open('[')}${items.join(separator)}${close(']')}`;
  }
  if (typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>).filter(
      ([, v]) => v !== undefined,
    );
    if (entries.length === 0) return '{}';
    const colon = compact ? ':' : ': ';
    const items = entries.map(
      ([key, v]) =>
        `${inner ?? ''}${p.blue(stringify(key))}${colon}${colorize(v, p, inner, compact)}`,
    );
    return `${open('{')}${items.join(separator)}${close('}')}`;
  }
  // Not a JSON value (undefined, a function): nothing JSON.parse could have produced.
  return 'null';
}
