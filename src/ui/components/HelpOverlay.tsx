import { Box, Text } from 'ink';
import { type ActionId, binding, helpKeys } from '../keymap.js';
import type { RouteName } from '../navigation.js';
import { useTone } from '../theme.js';

const titles: Record<RouteName, string> = {
  welcome: 'Welcome',
  profileForm: 'Add a profile',
  projects: 'Projects',
  domains: 'Domains',
  domain: 'Domain',
  addDomain: 'Add a domain',
  raw: 'Raw request',
};

/** `?`: every key of the current screen, from the key-map; those that do nothing now are dim. */
export function HelpOverlay({
  screen,
  unavailable,
}: {
  screen: RouteName;
  unavailable: ReadonlySet<ActionId>;
}) {
  const tone = useTone();
  const ids = helpKeys(screen);
  const width = Math.max(...ids.map((id) => binding(id).keys.length)) + 2;
  return (
    <Box flexDirection="column">
      <Text>
        <Text bold>Keys: {titles[screen]}</Text>
        <Text dimColor> · ?, F1 or Esc closes this</Text>
      </Text>
      {ids.map((id) => {
        const off = unavailable.has(id);
        return (
          <Box key={id}>
            <Box width={width} flexShrink={0}>
              <Text bold={!off} dimColor={off} color={off ? undefined : tone('key')}>
                {binding(id).keys}
              </Text>
            </Box>
            <Box flexGrow={1}>
              <Text dimColor={off}>
                {binding(id).help}
                {off ? ' (not now)' : ''}
              </Text>
            </Box>
          </Box>
        );
      })}
    </Box>
  );
}

export { titles as screenTitles };
