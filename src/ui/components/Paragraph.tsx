import { Text, type TextProps, Transform } from 'ink';

// Spaces and the style codes that open a line (a coloured or dim span starts with its codes).
const LEADING = /^(?:\u001b\[[0-9;]*m| )+/;

/**
 * A line after the first of a wrapped sentence, without the space it starts with. Ink wraps
 * text with wrap-ansi keeping white space (`trim: false`), so a line that a word ends exactly at
 * the width, or a break after two spaces, leaves the next line starting with a space: a ragged
 * left edge. Only the spaces go; the style codes among them stay.
 */
export function trimContinuation(line: string, index: number): string {
  if (index === 0) return line;
  return line.replace(LEADING, (lead) => lead.replaceAll(' ', ''));
}

/**
 * Text that wraps as prose: messages, hints, errors, notices. Every line after the first starts
 * at the left edge of the box. Not for text whose later lines are indented on purpose (JSON, a
 * field's value, table cells): those keep Text. Children may nest Text for styles, as in Text.
 */
export function Paragraph(props: Omit<TextProps, 'wrap'>) {
  return (
    <Transform transform={trimContinuation}>
      <Text {...props} />
    </Transform>
  );
}
