import { Text, type TextProps, Transform } from 'ink';

const ESC = '\u001b';

/**
 * A line after the first of a wrapped sentence, without the space it starts with. Ink wraps
 * text with wrap-ansi keeping white space (`trim: false`), so a line that a word ends exactly at
 * the width, or a break after two spaces, leaves the next line starting with a space: a ragged
 * left edge. Only the spaces go; the style codes among them (a coloured or dim span opens the
 * line with its codes) stay.
 */
export function trimContinuation(line: string, index: number): string {
  if (index === 0) return line;
  let kept = '';
  let i = 0;
  for (;;) {
    if (line[i] === ' ') i++;
    else if (line[i] === ESC && line[i + 1] === '[') {
      const end = line.indexOf('m', i);
      if (end === -1) break;
      kept += line.slice(i, end + 1);
      i = end + 1;
    } else break;
  }
  return kept + line.slice(i);
}

/**
 * A wrapped line as drawn: a no-break space (which holds a key's hint such as "(w pauses)"
 * together where the line wraps) is drawn as the space it reads as.
 */
const drawnLine = (line: string, index: number) =>
  trimContinuation(line, index).replaceAll('\u00a0', ' ');

/**
 * Text that wraps as prose: messages, hints, errors, notices. Every line after the first starts
 * at the left edge of the box. Not for text whose later lines are indented on purpose (JSON, a
 * field's value, table cells): those keep Text. Children may nest Text for styles, as in Text.
 */
export function Paragraph(props: Omit<TextProps, 'wrap'>) {
  return (
    <Transform transform={drawnLine}>
      <Text {...props} />
    </Transform>
  );
}
