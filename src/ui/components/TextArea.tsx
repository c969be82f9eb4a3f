import { Box, Text, useFocus } from 'ink';
import { useLayoutEffect, useState } from 'react';
import { visible } from '../../core/sanitize.js';
import { useScreen, useUi } from '../app/context.js';
import { useKeyInput } from '../input/useKeys.js';
import { editOf } from '../input/line-editor-keys.js';
import { areaEditReducer, areaRows, verticalMove } from '../input/text-area.js';

/** The character at the cursor (a surrogate pair is one). */
const underCursor = (text: string, at: number) => [...text.slice(at)][0] ?? '';

interface Cursor {
  at: number;
  value: string;
  revision: number;
  killed: string;
  /** The first row in view. */
  top: number;
}

/**
 * The text as shown: every line through `mask`, but the cursor's while the field has focus; and
 * the cursor moved by what masking took from the lines before it.
 */
function masked(
  value: string,
  at: number,
  focused: boolean,
  mask: ((line: string) => string) | undefined,
): { text: string; cursor: number } {
  if (!mask) return { text: value, cursor: at };
  const lines = value.split('\n');
  const cursorLine = value.slice(0, at).split('\n').length - 1;
  let cursor = at;
  const shown = lines.map((line, i) => {
    if (focused && i === cursorLine) return line;
    const text = mask(line);
    if (i < cursorLine) cursor += text.length - line.length;
    return text;
  });
  // Out of the field, the cursor's line may be masked too: the cursor stays within it.
  const text = shown.join('\n');
  return { text, cursor: Math.min(cursor, text.length) };
}

/** How many rows a text of this value takes in an area: what the screen lays out around it. */
export function textAreaHeight(value: string, width: number, maxRows: number): number {
  return Math.max(1, Math.min(maxRows, areaRows(value, value.length, width).length));
}

/**
 * A labelled text field of several lines (the raw screen's body). It edits as TextField does;
 * Ctrl+J or Alt+Enter starts a new line, a paste keeps its lines, ↑↓ move between lines, and ↑ on
 * the first line or ↓ on the last is the screen's (`onEdge`). Enter is the screen's (send). It
 * shows at most `maxRows` rows, following the cursor.
 */
export function TextArea({
  id,
  label,
  labelWidth,
  value,
  onChange,
  placeholder,
  isActive = true,
  revision = 0,
  width,
  maxRows,
  onEdge,
  mask,
}: {
  id: string;
  label: string;
  labelWidth: number;
  value: string;
  onChange(value: string): void;
  placeholder?: string;
  isActive?: boolean;
  revision?: number;
  /** Columns for the text (the label and the mark take theirs before it). */
  width: number;
  maxRows: number;
  onEdge(step: -1 | 1): void;
  /**
   * How a line is shown (the headers' credentials masked), except the one being typed in: the
   * value itself is kept, edited and sent as typed.
   */
  mask?: (line: string) => string;
}) {
  const { isTop } = useScreen();
  const { setFieldFocused, helpOpen } = useUi();
  const { isFocused } = useFocus({ id, isActive: isTop && isActive });
  useLayoutEffect(() => {
    setFieldFocused(id, isFocused);
    return () => setFieldFocused(id, false);
  }, [id, isFocused, setFieldFocused]);

  const [cursor, setCursor] = useState<Cursor>({
    at: value.length,
    value,
    revision,
    killed: '',
    top: 0,
  });
  const own = cursor.revision === revision && cursor.value === value;
  const at = own ? Math.min(cursor.at, value.length) : value.length;
  const { text: shownText, cursor: shownAt } = masked(value, at, isFocused, mask);
  const rows = areaRows(shownText, shownAt, Math.max(1, width));
  const cursorRow = Math.max(
    0,
    rows.findIndex((row) => row.cursor !== undefined),
  );
  // The window follows the cursor, moving no more than it must.
  let top = Math.min(own ? cursor.top : 0, Math.max(0, rows.length - maxRows));
  if (cursorRow < top) top = cursorRow;
  if (cursorRow >= top + maxRows) top = cursorRow - maxRows + 1;

  useKeyInput(
    (input, key, sequence) => {
      const state = { value, cursor: at, killed: cursor.killed };
      let next: typeof state;
      if (sequence === '\n' || (key.return && key.meta)) {
        next = areaEditReducer(state, { type: 'insert', text: '\n' });
      } else if (key.upArrow || key.downArrow) {
        const step = key.upArrow ? -1 : 1;
        const moved = verticalMove(value, at, step);
        if (moved === undefined) {
          onEdge(step);
          return;
        }
        next = { ...state, cursor: moved };
      } else {
        const edit = editOf(input, key, true);
        if (!edit) return;
        next = areaEditReducer(state, edit);
      }
      setCursor({ at: next.cursor, value: next.value, revision, killed: next.killed, top });
      if (next.value !== value) onChange(next.value);
    },
    { isActive: isFocused && !helpOpen, text: true },
  );

  const shown = rows.slice(top, top + maxRows);
  return (
    <Box>
      <Box width={labelWidth} flexShrink={0}>
        <Text bold={isFocused}>{label}</Text>
      </Box>
      <Text bold={isFocused}>{isFocused ? '› ' : '  '}</Text>
      <Box flexDirection="column" flexGrow={1}>
        {value === '' ? (
          <Text>
            {isFocused ? <Text inverse>{[...(placeholder ?? ' ')][0] ?? ' '}</Text> : null}
            <Text dimColor>
              {isFocused
                ? (placeholder ?? '').slice([...(placeholder ?? ' ')][0]?.length ?? 1)
                : placeholder}
            </Text>
          </Text>
        ) : (
          shown.map((row, i) => (
            // Rows of one text, in order: the index is their identity.
            <Text key={top + i} wrap="truncate-end">
              {isFocused && row.cursor !== undefined ? (
                <>
                  {visible(row.text.slice(0, row.cursor))}
                  <Text inverse>{visible(underCursor(row.text, row.cursor)) || ' '}</Text>
                  {visible(row.text.slice(row.cursor + underCursor(row.text, row.cursor).length))}
                </>
              ) : (
                visible(row.text)
              )}
            </Text>
          ))
        )}
      </Box>
    </Box>
  );
}
