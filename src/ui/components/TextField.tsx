import { Box, Text, useFocus } from 'ink';
import { useLayoutEffect, useState } from 'react';
import { visible } from '../../core/sanitize.js';
import { useScreen, useUi } from '../app/context.js';
import { useKeyInput } from '../input/useKeys.js';
import { lineEditReducer } from '../input/line-editor.js';
import { editOf } from '../input/line-editor-keys.js';
import { cursorLine, fieldLines } from './field-lines.js';

export interface TextFieldProps {
  /** The focus id, e.g. `add.hostname`; screens move focus with `focus(id)`. */
  id: string;
  label: string;
  /** Width of the label column, so the fields of a form line up. */
  labelWidth?: number;
  /** The text; a value set from outside (completion, history) puts the cursor at its end. */
  value: string;
  onChange(value: string): void;
  placeholder?: string;
  /** Shown instead of each typed character (a token is never on screen). */
  mask?: string;
  isActive?: boolean;
  /** Bump when the value is replaced from outside by the same text: the cursor goes to the end. */
  revision?: number;
  /**
   * Sees each insert first, as typed or pasted (line breaks and all); true takes it, and the
   * field inserts nothing (the raw screen reads a pasted curl command this way).
   */
  onInsert?(text: string): boolean;
  /**
   * The most lines the text takes, `columns` wide: a longer one (a pasted list of a hundred
   * hosts) shows the lines around the cursor and how many more there are, so what is under the
   * field (its checks, the footer) stays in view.
   */
  lines?: { max: number; columns: number };
}

/** Where the cursor is, with the value and revision it belongs to, and the last killed text. */
interface Cursor {
  at: number;
  value: string;
  revision: number;
  killed: string;
}

/**
 * A labelled one-line text field that edits as readline does (line-editor.ts): Ctrl+A/E, Ctrl+U/K,
 * Ctrl+W, Alt+B/F/D/Backspace, Home/End, ←→, Backspace/Delete, Ctrl+Y. Ours rather than
 * ink-text-input: that one keeps its cursor inside, reads keys through Ink's `Key`, which cannot
 * tell Backspace from Delete, and types Ctrl+U as `u`; the cursor-aware kills and word moves do
 * not fit on top of it, so extending it would have meant rewriting its input handling anyway.
 * It hears keys through the key bus (useKeyInput with `text`): characters typed or pasted
 * together arrive as one insert, each editing key on its own. While it has focus it tells the
 * app, which then keeps single-key shortcuts quiet; Enter, Tab, Esc and ↑↓ are the screen's.
 */
export function TextField({
  id,
  label,
  labelWidth,
  value,
  onChange,
  placeholder,
  mask,
  isActive = true,
  revision = 0,
  onInsert,
  lines,
}: TextFieldProps) {
  const { isTop } = useScreen();
  const { setFieldFocused, helpOpen } = useUi();
  const { isFocused } = useFocus({ id, isActive: isTop && isActive });
  // A layout effect: the app knows of the focus before the next key can arrive.
  useLayoutEffect(() => {
    setFieldFocused(id, isFocused);
    return () => setFieldFocused(id, false);
  }, [id, isFocused, setFieldFocused]);

  const [cursor, setCursor] = useState<Cursor>({ at: value.length, value, revision, killed: '' });
  // A value set from outside (completion, history, a screen that clears it) puts the cursor at
  // its end; a value this field produced keeps the cursor where the edit left it.
  const at =
    cursor.revision === revision && cursor.value === value
      ? Math.min(cursor.at, value.length)
      : value.length;

  // The bus hands keys one at a time, the UI settled between them: value and at are current.
  useKeyInput(
    (input, key, sequence) => {
      // A line feed outside a paste (Ctrl+J, or lines a terminal without bracketed paste sends
      // as typed) parts what comes before and after it, as a pasted line break does here: a list
      // of hosts stays one a word rather than running together.
      const edit = sequence === '\n' ? editOf(' ', key) : editOf(input, key);
      if (!edit) return;
      if (edit.type === 'insert' && onInsert?.(input)) return;
      const next = lineEditReducer({ value, cursor: at, killed: cursor.killed }, edit);
      setCursor({ at: next.cursor, value: next.value, revision, killed: next.killed });
      if (next.value !== value) onChange(next.value);
    },
    // The help covers the field: its keys are the help's (q quits there), never hidden text.
    { isActive: isFocused && !helpOpen, text: true },
  );

  return (
    <Box>
      <Box width={labelWidth ?? label.length + 1} flexShrink={0}>
        <Text bold={isFocused}>{label}</Text>
      </Box>
      <Text bold={isFocused}>{isFocused ? '› ' : '  '}</Text>
      <Box flexGrow={1}>
        {lines && value !== '' ? (
          <FieldLines value={value} cursor={isFocused ? at : undefined} {...lines} mask={mask} />
        ) : (
          <FieldText
            value={value}
            cursor={isFocused ? at : undefined}
            placeholder={placeholder}
            mask={mask}
          />
        )}
      </Box>
    </Box>
  );
}

/** The text with the cursor shown as an inverted character (a space at the end). */
function FieldText({
  value,
  cursor,
  placeholder,
  mask,
}: {
  value: string;
  cursor: number | undefined;
  placeholder?: string;
  mask?: string;
}) {
  const show = (text: string) => (mask ? mask.repeat([...text].length) : visible(text));
  if (value === '') {
    const hint = placeholder ?? '';
    if (cursor === undefined) return <Text dimColor>{hint}</Text>;
    const first = [...hint][0] ?? ' ';
    return (
      <Text>
        <Text inverse>{first}</Text>
        <Text dimColor>{hint.slice(first.length)}</Text>
      </Text>
    );
  }
  if (cursor === undefined) return <Text>{show(value)}</Text>;
  const under = [...value.slice(cursor)][0] ?? '';
  return (
    <Text>
      {show(value.slice(0, cursor))}
      <Text inverse>{under === '' ? ' ' : show(under)}</Text>
      {show(value.slice(cursor + under.length))}
    </Text>
  );
}

/**
 * The text cut into lines of `columns` (fieldLines), at most `max` of them: past that, the lines
 * up to the cursor's and a line saying how many more are above and below.
 */
function FieldLines({
  value,
  cursor,
  max,
  columns,
  mask,
}: {
  value: string;
  cursor: number | undefined;
  max: number;
  columns: number;
  mask?: string;
}) {
  const all = fieldLines(value, columns);
  const room = all.length > max ? Math.max(1, max - 1) : all.length;
  const on = cursorLine(all, cursor ?? value.length);
  const first = Math.min(Math.max(0, on - room + 1), all.length - room);
  const shown = all.slice(first, first + room);
  const below = all.length - first - room;
  return (
    <Box flexDirection="column">
      {shown.map((line, i) => (
        // The lines of one text, in order: the index is their identity.
        <FieldText
          key={i}
          value={value.slice(line.start, line.end)}
          cursor={cursor !== undefined && first + i === on ? cursor - line.start : undefined}
          mask={mask}
        />
      ))}
      {all.length > room ? (
        <Text dimColor>
          {[first > 0 ? `↑ ${first} more lines` : '', below > 0 ? `↓ ${below} more lines` : '']
            .filter(Boolean)
            .join(' · ')}
        </Text>
      ) : null}
    </Box>
  );
}
