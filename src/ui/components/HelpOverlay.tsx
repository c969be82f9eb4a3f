import { Box, Text } from 'ink';
import { useMemo } from 'react';
import { type ActionId, binding, helpKeys, screenKeys } from '../keymap.js';
import { helpLayout } from '../help-layout.js';
import type { RouteName } from '../navigation.js';
import { useUi } from '../context.js';
import { wrapWords } from '../format.js';
import { useTone } from '../theme.js';
import { Paragraph } from './Paragraph.js';

const titles: Record<RouteName, string> = {
  welcome: 'Welcome',
  profileForm: 'Add a profile',
  projects: 'Projects',
  domains: 'Domains',
  domain: 'Domain',
  addDomain: 'Add a domain',
  raw: 'Raw request',
  profiles: 'Switch profile',
};

/**
 * `?`: every key of the current screen, from the key-map; those that do nothing now are dim. Each
 * help wraps under itself while the rows allow (help-layout.ts): in one column, else in two, and
 * only where even two cannot hold them whole are helps cut, and keys that do nothing dropped.
 */
export function HelpOverlay({
  screen,
  unavailable,
}: {
  screen: RouteName;
  unavailable: ReadonlySet<ActionId>;
}) {
  const tone = useTone();
  const { bodyHeight, columns } = useUi();
  const title = `Keys: ${titles[screen]}`;
  const closes = ' · ?, F1 or Esc closes this';
  const titleLines = wrapWords(title + closes, columns).length;
  // Weighing every split of the keys takes a few milliseconds: once per size and state, not on
  // every render of the app while the help is open.
  const layout = useMemo(() => {
    const items = helpKeys(screen).map((id) => ({
      id,
      keys: binding(id).keys,
      help: binding(id).help,
      off: unavailable.has(id),
      main: screenKeys[screen].footer.includes(id),
    }));
    return helpLayout(items, Math.max(1, bodyHeight - titleLines), columns);
  }, [screen, unavailable, bodyHeight, titleLines, columns]);
  return (
    <Box flexDirection="column">
      <Paragraph>
        <Text bold>{title}</Text>
        <Text dimColor>{closes}</Text>
      </Paragraph>
      <Box>
        {layout.columns.map((column, i) => (
          <Box key={i} flexDirection="column" width={column.width} flexShrink={0}>
            {column.entries.map(({ item, lines }) => (
              <Box key={item.id}>
                <Box width={column.keysWidth} flexShrink={0}>
                  <Text
                    bold={!item.off}
                    dimColor={item.off}
                    color={item.off ? undefined : tone('key')}
                  >
                    {item.keys}
                  </Text>
                </Box>
                <Box flexDirection="column">
                  {lines.map((line, n) => (
                    // Cut to its room already: truncate only guards the planned row count.
                    <Text key={n} dimColor={item.off} wrap="truncate-end">
                      {line}
                    </Text>
                  ))}
                </Box>
              </Box>
            ))}
          </Box>
        ))}
      </Box>
      {layout.left ? (
        <Text dimColor wrap="truncate-end">
          {layout.left === 1 ? '1 key that does' : `${layout.left} keys that do`} nothing now not
          listed: a taller terminal lists them
        </Text>
      ) : null}
    </Box>
  );
}

export { titles as screenTitles };
