import { Box, Text } from 'ink';
import { visible } from '../../core/sanitize.js';
import type { ErrorHelp } from './error-help.js';
import { useTone } from '../app/theme.js';
import { Paragraph } from './Paragraph.js';

/**
 * An error as its own view: what happened, the API's code and words, and what to do. The API's
 * words (and the names the hints quote) are shown with control characters made visible.
 */
export function ErrorView({ help, actions }: { help: ErrorHelp; actions?: string }) {
  const tone = useTone();
  return (
    <Box flexDirection="column">
      <Paragraph bold color={tone('error')}>
        ✗ {visible(help.title)}
      </Paragraph>
      <Paragraph>
        {help.code ? <Text bold>{visible(help.code)}: </Text> : null}
        {visible(help.message)}
      </Paragraph>
      <Paragraph>→ {visible(help.hint)}</Paragraph>
      {actions ? <Paragraph dimColor>{actions}</Paragraph> : null}
    </Box>
  );
}
