import { Box, Text } from 'ink';

/**
 * A short list to choose from (the welcome screen's choices, the raw screen's methods). It has no
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
          <Text key={label} bold={isSelected && focused} dimColor={!isSelected && dimOthers}>
            {isSelected ? (focused ? '› ' : chosenMark) : '  '}
            {label}
          </Text>
        );
      })}
    </Box>
  );
}
