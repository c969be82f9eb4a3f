/** What a piece of a JSON line is, for its colour. */
export type JsonTokenKind = 'key' | 'string' | 'number' | 'literal' | 'punctuation' | 'text';

export interface JsonToken {
  kind: JsonTokenKind;
  text: string;
}

const STRING = String.raw`"(?:[^"\\]|\\.)*"`;
// A line of indented JSON: indentation, an optional key, then a value or a bracket, and a comma.
const LINE = new RegExp(
  String.raw`^(\s*)(?:(${STRING})(: ))?(${STRING}|-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?|true|false|null|\{\}|\[\]|[{}[\]])?(,?)$`,
);

/**
 * The tokens of one line of indented JSON (as JSON.stringify(v, null, 2) and jq print it): key,
 * string, number, literal (true, false, null), punctuation. A line that is not such a line (a
 * raw string jq printed) is one `text` token. The one place that knows JSON's token types: the
 * viewer only maps each kind to a colour, so another tokeniser can replace this function.
 */
export function jsonLineTokens(line: string): JsonToken[] {
  const match = LINE.exec(line);
  if (!match) return [{ kind: 'text', text: line }];
  const [, indent = '', key, colon, value = '', comma = ''] = match;
  const tokens: JsonToken[] = [];
  if (indent) tokens.push({ kind: 'punctuation', text: indent });
  if (key !== undefined) {
    tokens.push({ kind: 'key', text: key }, { kind: 'punctuation', text: colon ?? '' });
  }
  if (value) tokens.push({ kind: kindOf(value), text: value });
  if (comma) tokens.push({ kind: 'punctuation', text: comma });
  return tokens;
}

function kindOf(value: string): JsonTokenKind {
  const first = value[0];
  if (first === '"') return 'string';
  if (value === 'true' || value === 'false' || value === 'null') return 'literal';
  if (first === '-' || (first !== undefined && first >= '0' && first <= '9')) return 'number';
  return 'punctuation';
}
