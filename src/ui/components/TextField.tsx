import { Box, Text, useFocus } from 'ink';
import { useLayoutEffect, useState } from 'react';
import { useScreen, useUi } from '../context.js';
import { useKeyInput } from '../hooks/useKeys.js';

export interface TextFieldProps {
  /** The focus id, e.g. `add.hostname`; screens move focus with `focus(id)`. */
  id: string;
  label: string;
  /** Width of the label column, so the fields of a form line up. */
  labelWidth?: number;
  value: string;
  onChange(value: string): void;
  placeholder?: string;
  /** Shown instead of each typed character (a token is never on screen). */
  mask?: string;
  isActive?: boolean;
  /** Bump when the value is replaced from outside (completion, history): the cursor goes to the end. */
  revision?: number;
}

/** Where the cursor is, with the value and revision it belongs to. */
interface Cursor {
  at: number;
  value: string;
  revision: number;
}

/**
 * A labelled one-line text field. It hears keys through the key bus (useKeyInput with `text`):
 * characters typed or pasted together arrive as one insert, each editing key on its own. While it
 * has focus it tells the app, which then keeps single-key shortcuts quiet; Enter, Tab and Esc are
 * left to the screen's keys.
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
}: TextFieldProps) {
  const { isTop } = useScreen();
  const { setFieldFocused } = useUi();
  const { isFocused } = useFocus({ id, isActive: isTop && isActive });
  // A layout effect: the app knows of the focus before the next key can arrive.
  useLayoutEffect(() => {
    setFieldFocused(id, isFocused);
    return () => setFieldFocused(id, false);
  }, [id, isFocused, setFieldFocused]);

  const [cursor, setCursor] = useState<Cursor>({ at: value.length, value, revision });
  // A value set from outside (completion, history, a screen that clears it) puts the cursor at
  // its end; a value this field produced keeps the cursor where the edit left it.
  const at =
    cursor.revision === revision && cursor.value === value
      ? Math.min(cursor.at, value.length)
      : value.length;

  const edit = (next: string, nextAt: number) => {
    setCursor({ at: nextAt, value: next, revision });
    if (next !== value) onChange(next);
  };
  useKeyInput(
    (input, key) => {
      if (key.leftArrow) edit(value, stepBack(value, at));
      else if (key.rightArrow) edit(value, stepForward(value, at));
      else if (key.home) edit(value, 0);
      else if (key.end) edit(value, value.length);
      else if (key.backspace && at > 0) {
        const from = stepBack(value, at);
        edit(value.slice(0, from) + value.slice(at), from);
      } else if (key.delete && at < value.length) {
        edit(value.slice(0, at) + value.slice(stepForward(value, at)), at);
      } else if (input !== '' && !key.ctrl && !key.meta && !key.tab && !key.return) {
        edit(value.slice(0, at) + input + value.slice(at), at + input.length);
      }
    },
    { isActive: isFocused, text: true },
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
          at={at}
          focused={isFocused}
          placeholder={placeholder}
          mask={mask}
        />
      </Box>
    </Box>
  );
}

/** The value with the cursor drawn as an inverted character (a space at the end). */
function FieldText({
  value,
  at,
  focused,
  placeholder,
  mask,
}: {
  value: string;
  at: number;
  focused: boolean;
  placeholder?: string;
  mask?: string;
}) {
  if (value === '') {
    if (!placeholder) return <Text inverse={focused}> </Text>;
    if (!focused) return <Text dimColor>{placeholder}</Text>;
    return (
      <Text>
        <Text inverse>{placeholder.slice(0, 1)}</Text>
        <Text dimColor>{placeholder.slice(1)}</Text>
      </Text>
    );
  }
  const shown = (text: string) => (mask ? mask.repeat(Array.from(text).length) : text);
  if (!focused) return <Text>{shown(value)}</Text>;
  const after = stepForward(value, at);
  return (
    <Text>
      {shown(value.slice(0, at))}
      <Text inverse>{at < value.length ? shown(value.slice(at, after)) : ' '}</Text>
      {shown(value.slice(after))}
    </Text>
  );
}

/** One character back from `at`, never into the middle of a surrogate pair. */
function stepBack(value: string, at: number): number {
  if (at <= 0) return 0;
  const low = value.charCodeAt(at - 1);
  return at >= 2 && low >= 0xdc00 && low <= 0xdfff ? at - 2 : at - 1;
}

function stepForward(value: string, at: number): number {
  if (at >= value.length) return value.length;
  const high = value.charCodeAt(at);
  return high >= 0xd800 && high <= 0xdbff && at + 1 < value.length ? at + 2 : at + 1;
}
