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
 * The keys the help has room for in `rows` lines of `columns`: when they cannot hold them all,
 * keys that do nothing now give way from the end (and a line counts them), so those that work are
 * never cut off the screen.
 */
function fitting(
  all: ActionId[],
  unavailable: ReadonlySet<ActionId>,
  rows: number,
  columns: number,
): { ids: ActionId[]; left: number } {
  if (all.length <= rows * columns) return { ids: all, left: 0 };
  const excess = all.length - (rows - 1) * columns;
  const out = new Set<ActionId>();
  for (let i = all.length - 1; i >= 0 && out.size < excess; i--) {
    const id = all[i];
    if (id && unavailable.has(id)) out.add(id);
  }
  return { ids: all.filter((id) => !out.has(id)), left: out.size };
}

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
  const all = helpKeys(screen);
  const split = all.length + 1 > bodyHeight;
  const { ids, left } = split
    ? fitting(all, unavailable, bodyHeight - 1, 2)
    : { ids: all, left: 0 };
  // Each column as wide as its own longest keys: one long key (`Ctrl+A E · Alt+B F`) costs
  // only its column's helps their room.
  const keysWidth = (group: ActionId[]) =>
    Math.max(...group.map((id) => binding(id).keys.length)) + 2;
  const half = Math.ceil(ids.length / 2);
  const groups = split ? [ids.slice(0, half), ids.slice(half)] : [ids];
  // Each column ends with a gap of two before the next.
  const entry = (id: ActionId, width: number) => {
    const room = Math.floor(columns / 2) - width - 2;
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
            {group.map((id) => entry(id, keysWidth(group)))}
          </Box>
        ))}
      </Box>
      {left ? (
        <Text dimColor wrap="truncate-end">
          {left === 1 ? '1 key that does' : `${left} keys that do`} nothing now not listed: a taller
          terminal lists them
        </Text>
      ) : null}
    </Box>
  );
}

export { titles as screenTitles };
