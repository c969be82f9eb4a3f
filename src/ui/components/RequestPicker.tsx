import { Box, Text, useFocusManager } from 'ink';
import { useEffect, useState } from 'react';
import { visible } from '../../core/sanitize.js';
import { useScreen } from '../context.js';
import { useKeys } from '../hooks/useKeys.js';
import { useTone } from '../theme.js';
import { TextField } from './TextField.js';

/** One request of the list: what it shows, and why it cannot be loaded (a broken file). */
export interface PickerItem {
  label: string;
  detail?: string;
  error?: string;
}

/**
 * The history or the saved requests, in place of the answer: ↑↓ select, `/` filters (by any
 * word of the line, case ignored), Enter loads the selected one, Esc clears the filter, then
 * closes the list.
 */
export function RequestPicker({
  title,
  empty,
  items,
  height,
  onChoose,
  onClose,
}: {
  title: string;
  /** Said when there is nothing to list. */
  empty: string;
  items: readonly PickerItem[];
  height: number;
  onChoose(index: number): void;
  onClose(): void;
}) {
  const tone = useTone();
  const { isTop } = useScreen();
  const { focus } = useFocusManager();
  const [filter, setFilter] = useState('');
  const [typing, setTyping] = useState(false);
  const [selected, setSelected] = useState(0);
  const words = filter.toLowerCase().split(/\s+/).filter(Boolean);
  const shown = items
    .map((item, index) => ({ item, index }))
    .filter(({ item }) => {
      const text = `${item.label} ${item.detail ?? ''}`.toLowerCase();
      return words.every((word) => text.includes(word));
    });
  const at = Math.min(selected, Math.max(0, shown.length - 1));

  useEffect(() => {
    if (isTop && typing) focus('raw.pickFilter');
  }, [isTop, typing, focus]);

  useKeys((is, input, key) => {
    if (is('raw.pick.close')) {
      if (typing || filter) {
        setTyping(false);
        setFilter('');
      } else onClose();
    } else if (is('raw.pick.choose')) {
      const chosen = shown[at];
      if (chosen && !chosen.item.error) onChoose(chosen.index);
    } else if (is('raw.pick.filter') && !typing) setTyping(true);
    else if (is('raw.pick.move') && (!typing || key.upArrow || key.downArrow)) {
      const up = key.upArrow || input === 'k';
      setSelected(Math.max(0, Math.min(shown.length - 1, at + (up ? -1 : 1))));
    }
  });

  // The selected line stays in view: the list scrolls by whole pages.
  const rows = Math.max(1, height - 2);
  const top = Math.floor(at / rows) * rows;
  return (
    <Box flexDirection="column">
      <Text wrap="truncate-end">
        <Text bold>{title}</Text>
        <Text dimColor>
          {' '}
          · {shown.length === items.length ? items.length : `${shown.length} of ${items.length}`}
        </Text>
      </Text>
      {typing ? (
        <TextField
          id="raw.pickFilter"
          label="Filter /"
          labelWidth={9}
          value={filter}
          onChange={(value) => {
            setFilter(value);
            setSelected(0);
          }}
          placeholder="words of the line"
        />
      ) : (
        <Text dimColor wrap="truncate-end">
          {filter ? `filter: ${visible(filter)}` : ' '}
        </Text>
      )}
      {shown.length === 0 ? (
        <Text dimColor>{items.length === 0 ? empty : 'Nothing matches the filter.'}</Text>
      ) : (
        shown.slice(top, top + rows).map(({ item, index }, i) => (
          <Text key={index} wrap="truncate-end" color={tone(item.error ? 'error' : undefined)}>
            <Text color={tone('accent')} bold>
              {top + i === at ? '› ' : '  '}
            </Text>
            {visible(item.label)}
            <Text dimColor>{item.detail ? `  ${visible(item.detail)}` : ''}</Text>
            {item.error ? `  ✗ ${visible(item.error)}` : ''}
          </Text>
        ))
      )}
    </Box>
  );
}
