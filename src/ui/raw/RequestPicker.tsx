import { Box, Text, useFocusManager } from 'ink';
import { useEffect, useState } from 'react';
import { visible } from '../../core/sanitize.js';
import { useScreen, useUi } from '../app/context.js';
import { useKeys } from '../input/useKeys.js';
import { alignedLabelWidth, DETAIL_GAP, fitPickerLine } from './picker-line.js';
import { FIRST_ROW, moveSelection, type Selection, selectedRow } from '../components/selection.js';
import { useTone } from '../app/theme.js';
import { TextField } from '../components/TextField.js';

/** One request of the list: what it shows, and why it cannot be loaded (a broken file). */
export interface PickerItem {
  /** Names the request in the list (selection.ts): a filter narrowed or cleared keeps it. */
  id: string;
  label: string;
  detail?: string;
  /** The detail is what tells the lines apart (a history entry's status): the label is cut first. */
  keepDetail?: boolean;
  error?: string;
}

/** The items whose line has every word of the filter (case ignored), with their place in `items`. */
function matching(items: readonly PickerItem[], filter: string) {
  const words = filter.toLowerCase().split(/\s+/).filter(Boolean);
  return items
    .map((item, index) => ({ item, index }))
    .filter(({ item }) => {
      const text = `${item.label} ${item.detail ?? ''}`.toLowerCase();
      return words.every((word) => text.includes(word));
    });
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
  const { columns } = useUi();
  const { focus } = useFocusManager();
  const [filter, setFilter] = useState('');
  const [typing, setTyping] = useState(false);
  // The selected request by id, not by row: narrowing or clearing the filter keeps it.
  const [selection, setSelection] = useState<Selection>(FIRST_ROW);
  const shown = matching(items, filter);
  const ids = shown.map(({ item }) => item.id);
  const at = selectedRow(ids, selection);
  // The row shown as selected becomes the selected request before the rows change under it.
  const pinned = (s: Selection): Selection =>
    s.id === undefined && ids[at] !== undefined ? { id: ids[at], index: at } : s;

  useEffect(() => {
    if (isTop && typing) focus('raw.pickFilter');
  }, [isTop, typing, focus]);

  useKeys((is, input, key) => {
    if (is('raw.pick.close')) {
      if (typing || filter) {
        setTyping(false);
        setFilter('');
        setSelection(pinned);
      } else onClose();
    } else if (is('raw.pick.choose')) {
      const chosen = shown[at];
      if (chosen && !chosen.item.error) onChoose(chosen.index);
    } else if (is('raw.pick.filter') && !typing) setTyping(true);
    else if (is('raw.pick.move') && (!typing || key.upArrow || key.downArrow)) {
      const up = key.upArrow || input === 'k';
      setSelection((s) => moveSelection(ids, s, up ? -1 : 1));
    }
  });

  // The selected line stays in view: the list scrolls by whole pages.
  const rows = Math.max(1, height - 2);
  const top = Math.floor(at / rows) * rows;
  // The selection's mark takes two columns.
  const room = columns - 2;
  const texts = (item: PickerItem) => ({
    label: visible(item.label),
    detail: visible(item.detail ?? ''),
  });
  // A list whose details must stay whole (the history) is in columns: the method, the path, the
  // time and the status each start where the line above has them, on every page alike.
  const aligned = items.length > 0 && items.every((item) => item.keepDetail === true);
  const align = aligned ? alignedLabelWidth(items.map(texts), room) : undefined;
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
          value={filter}
          onChange={(value) => {
            setFilter(value);
            // The selected request stays selected while it matches; else the first match.
            setSelection((s) => {
              const kept = pinned(s);
              const index = matching(items, value).findIndex(({ item }) => item.id === kept.id);
              return index >= 0 ? { id: kept.id, index } : FIRST_ROW;
            });
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
        shown.slice(top, top + rows).map(({ item }, i) => {
          const { label, detail } = texts(item);
          const line = fitPickerLine(label, detail, room, item.keepDetail === true, align);
          return (
            <Text key={item.id} wrap="truncate-end" color={tone(item.error ? 'error' : undefined)}>
              <Text color={tone('accent')} bold>
                {top + i === at ? '› ' : '  '}
              </Text>
              {line.label}
              <Text dimColor>{line.detail ? ' '.repeat(DETAIL_GAP) + line.detail : ''}</Text>
              {item.error ? `  ✗ ${visible(item.error)}` : ''}
            </Text>
          );
        })
      )}
    </Box>
  );
}
