import { type Paint, paint } from './style.js';

export interface JsonFormatOptions {
  /** One line, no spaces (`--json`); otherwise two-space indentation. */
  compact?: boolean;
  /** ANSI colours, for a terminal: keys blue, strings green, numbers cyan, true/false yellow, null gray. */
  color?: boolean;
}

/**
 * Formats a parsed JSON value. Without colour the text is exactly `JSON.stringify(value, null, 2)`
 * (or compact `JSON.stringify(value)`), so piping the output through jq or JSON.parse always works.
 */
export function formatJson(value: unknown, options: JsonFormatOptions = {}): string {
  if (!options.color) {
    return options.compact ? JSON.stringify(value) : JSON.stringify(value, null, 2);
  }
  return colorize(value, paint(true), options.compact ? undefined : '', !!options.compact);
}

function colorize(value: unknown, p: Paint, indent: string | undefined, compact: boolean): string {
  const inner = indent === undefined ? undefined : `${indent}  `;
  const open = (bracket: string) => (compact ? bracket : `${bracket}\n`);
  const close = (bracket: string) => (compact ? bracket : `\n${indent}${bracket}`);
  const separator = compact ? ',' : ',\n';

  if (value === null) return p.gray('null');
  if (typeof value === 'string') return p.green(JSON.stringify(value));
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
        `${inner ?? ''}${p.blue(JSON.stringify(key))}${colon}${colorize(v, p, inner, compact)}`,
    );
    return `${open('{')}${items.join(separator)}${close('}')}`;
  }
  // Not a JSON value (undefined, a function): nothing JSON.parse could have produced.
  return 'null';
}
