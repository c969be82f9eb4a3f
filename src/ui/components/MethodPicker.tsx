import { Box, Text } from 'ink';
import SelectInput from 'ink-select-input';
import { type HttpMethod, httpMethods } from '../../contract/routes.js';

/** One list for every render: ink-select-input goes back to the first item when its items change. */
const ITEMS = httpMethods.map((method) => ({ label: method, value: method }));

/** The mark before the selected method: `›` while the list has focus, `•` (the one in use) without. */
function FocusedMark({ isSelected = false }: { isSelected?: boolean }) {
  return (
    <Box width={2} flexShrink={0}>
      <Text bold>{isSelected ? '› ' : '  '}</Text>
    </Box>
  );
}

function ChosenMark({ isSelected = false }: { isSelected?: boolean }) {
  return (
    <Box width={2} flexShrink={0}>
      <Text>{isSelected ? '• ' : '  '}</Text>
    </Box>
  );
}

function FocusedMethod({ isSelected = false, label }: { isSelected?: boolean; label: string }) {
  return (
    <Text bold={isSelected} dimColor={!isSelected}>
      {label}
    </Text>
  );
}

function ChosenMethod({ isSelected = false, label }: { isSelected?: boolean; label: string }) {
  return <Text dimColor={!isSelected}>{label}</Text>;
}

/**
 * The raw screen's method list, drawn and driven by ink-select-input (the brief's pick list):
 * `j`/`k` and the arrows move, Enter picks. The keys come to it one at a time through Ink's input
 * (the key bus writes them there), so `jjj` typed ahead moves three. `jump` remounts it on the
 * method the screen set (a first letter, a request loaded), since the list keeps its own cursor.
 */
export function MethodPicker({
  method,
  jump,
  isFocused,
  onHighlight,
  onSelect,
}: {
  method: HttpMethod;
  jump: string;
  isFocused: boolean;
  onHighlight: (method: HttpMethod) => void;
  onSelect: (method: HttpMethod) => void;
}) {
  return (
    <SelectInput
      key={jump}
      items={ITEMS}
      initialIndex={httpMethods.indexOf(method)}
      isFocused={isFocused}
      indicatorComponent={isFocused ? FocusedMark : ChosenMark}
      itemComponent={isFocused ? FocusedMethod : ChosenMethod}
      onHighlight={(item) => onHighlight(item.value)}
      onSelect={(item) => onSelect(item.value)}
    />
  );
}
