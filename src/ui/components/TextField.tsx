import { Box, Text, useFocus } from 'ink';
import TextInput from 'ink-text-input';
import { useLayoutEffect } from 'react';
import { useScreen, useUi } from '../context.js';

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
  /**
   * Bump when the value is replaced from outside (completion, history): the cursor then goes to
   * the end, where ink-text-input would otherwise leave it where it was.
   */
  revision?: number;
}

/**
 * A labelled ink-text-input. While it has focus it tells the app, which then keeps single-key
 * shortcuts quiet; Enter, Tab and Esc are left to the screen's keys.
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
  return (
    <Box>
      <Box width={labelWidth ?? label.length + 1} flexShrink={0}>
        <Text bold={isFocused}>{label}</Text>
      </Box>
      <Text bold={isFocused}>{isFocused ? '› ' : '  '}</Text>
      <Box flexGrow={1}>
        <TextInput
          key={revision}
          value={value}
          onChange={onChange}
          focus={isFocused}
          placeholder={placeholder}
          mask={mask}
        />
      </Box>
    </Box>
  );
}
