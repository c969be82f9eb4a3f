import { Box, Text } from 'ink';
import { binding, helpKeys } from '../keymap.js';
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

/** `?`: every key of the current screen, from the key-map. */
export function HelpOverlay({ screen }: { screen: RouteName }) {
  const tone = useTone();
  const ids = helpKeys(screen);
  const width = Math.max(...ids.map((id) => binding(id).keys.length)) + 2;
  return (
    <Box flexDirection="column">
      <Text>
        <Text bold>Keys: {titles[screen]}</Text>
        <Text dimColor> · ?, F1 or Esc closes this</Text>
      </Text>
      {ids.map((id) => (
        <Box key={id}>
          <Box width={width} flexShrink={0}>
            <Text bold color={tone('key')}>
              {binding(id).keys}
            </Text>
          </Box>
          <Box flexGrow={1}>
            <Text>{binding(id).help}</Text>
          </Box>
        </Box>
      ))}
    </Box>
  );
}

export { titles as screenTitles };
