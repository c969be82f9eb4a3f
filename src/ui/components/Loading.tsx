import { Box, Text } from 'ink';
import Spinner from 'ink-spinner';
import { useTone } from '../app/theme.js';
import { Paragraph } from './Paragraph.js';

export function Loading({ label }: { label: string }) {
  const tone = useTone();
  return (
    <Box>
      <Text color={tone('accent')}>
        <Spinner type="dots" />
      </Text>
      <Box marginLeft={1}>
        <Paragraph>{label}</Paragraph>
      </Box>
    </Box>
  );
}
