import { Box, Text } from 'ink';
import { Fragment } from 'react';
import { footerLines } from './footer-keys.js';
import type { ActionId } from './keymap.js';
import { FOOTER_GAP, FOOTER_LINES, footerItemText } from './layout.js';
import type { RouteName } from './navigation.js';
import { useTone } from './theme.js';

/**
 * The main keys of the screen, from the key-map; while typing, the keys that still work. Always
 * FOOTER_LINES lines: the keys that work now are chosen to fit them (footer-keys.ts).
 */
export function Footer({
  screen,
  typing,
  columns,
  unavailable,
}: {
  screen: RouteName;
  typing: boolean;
  columns: number;
  /** Keys that do nothing right now: not shown. */
  unavailable: ReadonlySet<ActionId>;
}) {
  const tone = useTone();
  return (
    <Box flexDirection="column" flexShrink={0}>
      <Text dimColor>{'─'.repeat(Math.max(0, columns))}</Text>
      <Box flexDirection="column" height={FOOTER_LINES}>
        {footerLines(screen, typing, columns, unavailable).map((line) => (
          // One Text a line, its keys nested: a Box and two Texts a key were ~40 layout nodes
          // on every frame for two lines of text.
          <Text key={line.join(' ')} wrap="truncate-end">
            {line.map((id, i) => {
              const { keys, label } = footerItemText(id);
              return (
                <Fragment key={id}>
                  {i > 0 ? ' '.repeat(FOOTER_GAP) : ''}
                  <Text bold color={tone('key')}>
                    {keys}
                  </Text>
                  {` ${label}`}
                </Fragment>
              );
            })}
          </Text>
        ))}
      </Box>
    </Box>
  );
}
