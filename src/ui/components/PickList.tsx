import { Box, Text } from 'ink';
import SelectInput from 'ink-select-input';
import type { ReactNode } from 'react';
import { Paragraph } from './Paragraph.js';

/** One choice of a pick list; `label` is what is drawn, `value` what is picked. */
export interface PickItem<V> {
  key?: string;
  label: string;
  value: V;
}

type Look = 'focused' | 'chosen';

/** The mark before the selected item: `›` while the list has focus, `•` (the one in use) without. */
const marks: Record<Look, (props: { isSelected?: boolean }) => ReactNode> = {
  focused: ({ isSelected = false }) => (
    <Box width={2} flexShrink={0}>
      <Text bold>{isSelected ? '› ' : '  '}</Text>
    </Box>
  ),
  chosen: ({ isSelected = false }) => (
    <Box width={2} flexShrink={0}>
      <Text>{isSelected ? '• ' : '  '}</Text>
    </Box>
  ),
};

type ItemProps = { isSelected?: boolean; label: string };

/** An item's label, one component a look (a component made in render would remount every item). */
const label =
  (bold: boolean, dimOthers: boolean) =>
  ({ isSelected = false, label: text }: ItemProps) => (
    // Prose that wraps under itself, never under the mark (a long choice at 40 columns).
    <Paragraph bold={isSelected && bold} dimColor={dimOthers && !isSelected}>
      {text}
    </Paragraph>
  );
const labels: Record<Look, Record<'dim' | 'plain', (props: ItemProps) => ReactNode>> = {
  focused: { dim: label(true, true), plain: label(true, false) },
  chosen: { dim: label(false, true), plain: label(false, false) },
};

/**
 * A pick list (the welcome's choices, the raw screen's methods, the saved profiles), drawn and
 * driven by ink-select-input, the brief's pick list: `j`/`k` and the arrows move, Enter picks,
 * 1-9 pick the item with that number. Its keys come to it one at a time through Ink's input (the
 * key bus writes them there once the UI has settled), so `jjj` typed ahead moves three.
 *
 * The list keeps its own cursor: `jump` remounts it at `initialIndex` (a first letter typed, a
 * request loaded), and items whose values change send it back to the first.
 */
export function PickList<V>({
  items,
  initialIndex = 0,
  jump,
  isFocused,
  look = isFocused ? 'focused' : 'chosen',
  dimOthers = false,
  limit,
  onHighlight,
  onSelect,
}: {
  items: readonly PickItem<V>[];
  initialIndex?: number;
  jump?: string;
  isFocused: boolean;
  look?: Look;
  /** The items not selected dimmed (a column of methods, where the chosen one stands out). */
  dimOthers?: boolean;
  /** The most items shown; the list turns around its ends to show the others. */
  limit?: number;
  onHighlight?: (value: V) => void;
  onSelect: (value: V) => void;
}) {
  return (
    <SelectInput
      key={jump}
      items={items as PickItem<V>[]}
      initialIndex={Math.max(0, initialIndex)}
      isFocused={isFocused}
      limit={limit}
      indicatorComponent={marks[look]}
      itemComponent={labels[look][dimOthers ? 'dim' : 'plain']}
      onHighlight={onHighlight && ((item) => onHighlight(item.value))}
      onSelect={(item) => onSelect(item.value)}
    />
  );
}
