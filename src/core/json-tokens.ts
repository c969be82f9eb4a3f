import { escapeJsonControls } from './sanitize.js';

// JSON as typed tokens, for colouring it on a terminal (`api request`) and on the raw-request
// screen (colours, search, folding) alike. The text of the tokens is exactly what formatJson
// prints without colour, so colour never changes a byte of what is shown.

export type JsonTokenKind = 'key' | 'string' | 'number' | 'boolean' | 'null' | 'punctuation';

export interface JsonToken {
  kind: JsonTokenKind;
  text: string;
}

/** One line of the formatted document (two-space indentation, as JSON.stringify(v, null, 2)). */
export interface JsonLine {
  /** Nesting depth: the line starts with `depth * 2` spaces, which are not among its tokens. */
  depth: number;
  tokens: JsonToken[];
  /**
   * Set on a line that opens an object or array spanning several lines: the index of the line
   * that closes it, and how many members or items it holds (for a folded `{…} 3 keys`).
   */
  fold?: { end: number; count: number; kind: 'object' | 'array' };
}

/** The colour each kind has on a terminal: names that ANSI styles and Ink's `<Text color>` share. */
export const JSON_TOKEN_COLORS: Record<
  JsonTokenKind,
  'blue' | 'green' | 'cyan' | 'yellow' | 'gray' | undefined
> = {
  key: 'blue',
  string: 'green',
  number: 'cyan',
  boolean: 'yellow',
  null: 'gray',
  punctuation: undefined,
};

/** JSON.stringify with DEL and C1 controls escaped too: nothing in it a terminal would obey. */
const quoted = (text: string) => escapeJsonControls(JSON.stringify(text));

const members = (value: object) =>
  Object.entries(value as Record<string, unknown>).filter(([, v]) => v !== undefined);

function scalar(value: unknown): JsonToken {
  if (typeof value === 'string') return { kind: 'string', text: quoted(value) };
  if (typeof value === 'number') return { kind: 'number', text: JSON.stringify(value) };
  if (typeof value === 'boolean') return { kind: 'boolean', text: String(value) };
  // null, and what JSON.parse never makes (undefined, a function) as JSON.stringify writes it.
  return { kind: 'null', text: 'null' };
}

const punctuation = (text: string): JsonToken => ({ kind: 'punctuation', text });

/**
 * A parsed JSON value as the lines of its formatted text, each with its tokens: joined with
 * their indentation, the lines are `JSON.stringify(value, null, 2)` (with DEL and C1 controls
 * escaped, as formatJson writes them).
 */
export function jsonLines(value: unknown): JsonLine[] {
  const lines: JsonLine[] = [];
  let line: JsonLine = { depth: 0, tokens: [] };
  const newLine = (depth: number) => {
    lines.push(line);
    line = { depth, tokens: [] };
  };
  const walk = (node: unknown, depth: number): void => {
    if (typeof node !== 'object' || node === null) {
      line.tokens.push(scalar(node));
      return;
    }
    const isArray = Array.isArray(node);
    const entries: [string | undefined, unknown][] = isArray
      ? node.map((item) => [undefined, item])
      : members(node);
    if (entries.length === 0) {
      line.tokens.push(punctuation(isArray ? '[]' : '{}'));
      return;
    }
    const opening = line;
    line.tokens.push(punctuation(isArray ? '[' : '{'));
    entries.forEach(([key, item], index) => {
      newLine(depth + 1);
      if (key !== undefined)
        line.tokens.push({ kind: 'key', text: quoted(key) }, punctuation(': '));
      walk(item, depth + 1);
      if (index < entries.length - 1) line.tokens.push(punctuation(','));
    });
    newLine(depth);
    opening.fold = { end: lines.length, count: entries.length, kind: isArray ? 'array' : 'object' };
    line.tokens.push(punctuation(isArray ? ']' : '}'));
  };
  walk(value, 0);
  lines.push(line);
  return lines;
}

/** A parsed JSON value as the tokens of its compact text (`JSON.stringify(value)`), in order. */
export function jsonTokens(value: unknown): JsonToken[] {
  const tokens: JsonToken[] = [];
  const walk = (node: unknown): void => {
    if (typeof node !== 'object' || node === null) {
      tokens.push(scalar(node));
      return;
    }
    const isArray = Array.isArray(node);
    tokens.push(punctuation(isArray ? '[' : '{'));
    const entries: [string | undefined, unknown][] = isArray
      ? node.map((item) => [undefined, item])
      : members(node);
    entries.forEach(([key, item], index) => {
      if (index > 0) tokens.push(punctuation(','));
      if (key !== undefined) tokens.push({ kind: 'key', text: quoted(key) }, punctuation(':'));
      walk(item);
    });
    tokens.push(punctuation(isArray ? ']' : '}'));
  };
  walk(value);
  return tokens;
}

/** A line's text as printed: its indentation and its tokens. */
export const lineText = (line: JsonLine) =>
  '  '.repeat(line.depth) + line.tokens.map((token) => token.text).join('');

const STRING = String.raw`"(?:[^"\\]|\\.)*"`;
// A line of indented JSON: indentation, an optional key, then a value or a bracket, and a comma.
const LINE = new RegExp(
  String.raw`^(\s*)(?:(${STRING})(: ))?(${STRING}|-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?|true|false|null|\{\}|\[\]|[{}[\]])?(,?)$`,
);

function lineValueKind(value: string): JsonTokenKind {
  if (value.startsWith('"')) return 'string';
  if (value === 'true' || value === 'false') return 'boolean';
  if (value === 'null') return 'null';
  if (/^-?\d/.test(value)) return 'number';
  return 'punctuation';
}

/**
 * The tokens of one line of indented JSON text, as jsonLines' lines and jq print it
 * (indentation included, as punctuation): for the raw screen's viewer, which colours only the
 * lines on screen and so never tokenises a whole 5 MB answer (jsonLines holds every token of
 * it at once). A line that is not such a line (a raw string jq printed) is one uncoloured token.
 */
export function lineTokens(line: string): JsonToken[] {
  const match = LINE.exec(line);
  if (!match) return [punctuation(line)];
  const [, indent = '', key, colon, value = '', comma = ''] = match;
  const tokens: JsonToken[] = [];
  if (indent) tokens.push(punctuation(indent));
  if (key !== undefined) tokens.push({ kind: 'key', text: key }, punctuation(colon ?? ''));
  if (value) tokens.push({ kind: lineValueKind(value), text: value });
  if (comma) tokens.push(punctuation(comma));
  return tokens;
}
