import { Box, Text } from 'ink';
import { type ActionId, binding, footerKeys } from '../keymap.js';
import type { RouteName } from '../navigation.js';
import { useTone } from '../theme.js';

const GAP = 3;

function itemText(id: ActionId): { keys: string; label: string } {
  const b = binding(id);
  return { keys: b.keys, label: b.label ?? b.help };
}

/** How many lines the footer's keys take at this width: they wrap between items, never inside. */
export function footerHeight(screen: RouteName, typing: boolean, columns: number): number {
  let lines = 1;
  let used = 0;
  for (const id of footerKeys(screen, typing)) {
    const { keys, label } = itemText(id);
    const width = keys.length + 1 + label.length;
    if (used > 0 && used + GAP + width > columns) {
      lines++;
      used = width;
    } else {
      used += (used > 0 ? GAP : 0) + width;
    }
  }
  return lines + 1;
}

/** The main keys of the screen, from the key-map; while typing, the keys that still work. */
export function Footer({
  screen,
  typing,
  columns,
}: {
  screen: RouteName;
  typing: boolean;
  columns: number;
}) {
  const tone = useTone();
  return (
    <Box flexDirection="column" flexShrink={0}>
      <Text dimColor>{'─'.repeat(Math.max(0, columns))}</Text>
      <Box flexWrap="wrap" columnGap={GAP}>
        {footerKeys(screen, typing).map((id) => {
          const { keys, label } = itemText(id);
          return (
            <Box key={id} flexShrink={0}>
              <Text bold color={tone('key')}>
                {keys}
              </Text>
              <Text> {label}</Text>
            </Box>
          );
        })}
      </Box>
    </Box>
  );
}
