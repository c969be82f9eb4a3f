import { Box, Text, useFocus } from 'ink';
import { useLayoutEffect, useRef, useState } from 'react';
import { visible } from '../../core/sanitize.js';
import { useScreen, useUi } from '../context.js';
import { useRawInput } from '../hooks/useRawInput.js';
import { applyEdits, type LineState, lineState } from '../line-editor.js';
import { editsOf } from '../line-editor-keys.js';

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
}

/**
 * A labelled one-line text field that edits as readline does (line-editor.ts): Ctrl+A/E, Ctrl+U/K,
 * Ctrl+W, Alt+B/F/D/Backspace, Home/End, ←→, Backspace/Delete, Ctrl+Y. Ours rather than
 * ink-text-input: that one keeps its cursor inside, reads keys through Ink's `Key`, which cannot
 * tell Backspace from Delete, and types Ctrl+U as `u`; the cursor-aware kills and word moves do
 * not fit on top of it, so extending it would have meant rewriting its input handling anyway.
 * While it has focus it tells the app, which then keeps single-key shortcuts quiet; Enter, Tab,
 * Esc and ↑↓ are left to the screen's keys.
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
}: TextFieldProps) {
  const { isTop } = useScreen();
  const { setFieldFocused, helpOpen } = useUi();
  const { isFocused } = useFocus({ id, isActive: isTop && isActive });
  // A layout effect: the app knows of the focus before the next key can arrive.
  useLayoutEffect(() => {
    setFieldFocused(id, isFocused);
    return () => setFieldFocused(id, false);
  }, [id, isFocused, setFieldFocused]);

  // The latest text and cursor, for keys that come before the screen has drawn the last ones.
  const line = useRef<LineState>(lineState(value));
  const [cursor, setCursor] = useState(value.length);
  useLayoutEffect(() => {
    // Set from outside (not by a key of this field): the cursor goes to the end.
    if (line.current.value !== value) {
      line.current = { ...lineState(value), killed: line.current.killed };
      setCursor(value.length);
    }
  }, [value]);

  useRawInput(
    (chunk) => {
      const edits = editsOf(chunk);
      if (edits.length === 0) return;
      const before = line.current;
      const after = applyEdits(before, edits);
      line.current = after;
      if (after.value !== before.value) onChange(after.value);
      setCursor(after.cursor);
    },
    { isActive: isFocused && !helpOpen },
  );

  return (
    <Box>
      <Box width={labelWidth ?? label.length + 1} flexShrink={0}>
        <Text bold={isFocused}>{label}</Text>
      </Box>
      <Text bold={isFocused}>{isFocused ? '› ' : '  '}</Text>
      <Box flexGrow={1}>
        <FieldText
          value={value}
          cursor={isFocused ? Math.min(cursor, value.length) : undefined}
          placeholder={placeholder}
          mask={mask}
        />
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
  const at = [...value.slice(cursor)][0] ?? '';
  return (
    <Text>
      {show(value.slice(0, cursor))}
      <Text inverse>{at === '' ? ' ' : show(at)}</Text>
      {show(value.slice(cursor + at.length))}
    </Text>
  );
}
