import { Box, Text } from 'ink';
import { type ActionId, binding, helpKeys } from '../keymap.js';
import type { RouteName } from '../navigation.js';
import { useUi } from '../context.js';
import { clip } from '../format.js';
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

const NOT_NOW = ' (not now)';

/**
 * `?`: every key of the current screen, from the key-map; those that do nothing now are dim. When
 * they do not fit the screen's height one under the other, they take two columns, each help cut
 * to its column's width.
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
  const ids = helpKeys(screen);
  const width = Math.max(...ids.map((id) => binding(id).keys.length)) + 2;
  const split = ids.length + 1 > bodyHeight;
  const half = Math.ceil(ids.length / 2);
  const groups = split ? [ids.slice(0, half), ids.slice(half)] : [ids];
  // Each column ends with a gap of two before the next.
  const room = Math.floor(columns / 2) - width - 2;
  const entry = (id: ActionId) => {
    const off = unavailable.has(id);
    return (
      <Box key={id}>
        <Box width={width} flexShrink={0}>
          <Text bold={!off} dimColor={off} color={off ? undefined : tone('key')}>
            {binding(id).keys}
          </Text>
        </Box>
        <Box flexGrow={1} flexShrink={1}>
          {split ? (
            <Text dimColor={off} wrap="truncate-end">
              {/* Cut before its mark, so "(not now)" is read in two columns too. */}
              {off ? clip(binding(id).help, room - NOT_NOW.length) : binding(id).help}
              {off ? NOT_NOW : ''}
            </Text>
          ) : (
            <Paragraph dimColor={off}>
              {binding(id).help}
              {off ? NOT_NOW : ''}
            </Paragraph>
          )}
        </Box>
      </Box>
    );
  };
  return (
    <Box flexDirection="column">
      <Paragraph>
        <Text bold>Keys: {titles[screen]}</Text>
        <Text dimColor> · ?, F1 or Esc closes this</Text>
      </Paragraph>
      <Box>
        {groups.map((group, i) => (
          <Box
            key={i}
            flexDirection="column"
            // One column is as wide as the terminal: its helps wrap there, never past its edge.
            width={split ? Math.floor(columns / 2) : columns}
            paddingRight={split ? 2 : 0}
            flexShrink={0}
          >
            {group.map(entry)}
          </Box>
        ))}
      </Box>
    </Box>
  );
}

export { titles as screenTitles };
