import { Box, Text } from 'ink';
import { Paragraph } from './Paragraph.js';

/**
 * A short list to choose from (the welcome screen's choices). It has no
 * keys of its own: the screen moves `selected` with its key-map actions, so every key of the UI
 * goes through one place. With focus the selected item has `›`; without, `chosenMark`.
 */
export function ChoiceList({
  labels,
  selected,
  focused,
  chosenMark = '  ',
  dimOthers = false,
}: {
  labels: readonly string[];
  selected: number;
  focused: boolean;
  chosenMark?: string;
  dimOthers?: boolean;
}) {
  return (
    <Box flexDirection="column">
      {labels.map((label, i) => {
        const isSelected = i === selected;
        return (
          // The mark in a column of its own: a label that wraps goes on under the label.
          <Box key={label}>
            <Box width={2} flexShrink={0}>
              <Text bold={isSelected && focused}>
                {isSelected ? (focused ? '› ' : chosenMark) : '  '}
              </Text>
            </Box>
            <Paragraph bold={isSelected && focused} dimColor={!isSelected && dimOthers}>
              {label}
            </Paragraph>
          </Box>
        );
      })}
    </Box>
  );
}
