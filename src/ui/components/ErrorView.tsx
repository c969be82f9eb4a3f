import { Box, Text } from 'ink';
import type { ErrorHelp } from '../error-help.js';
import { useTone } from '../theme.js';

/** An error as its own view: what happened, the API's code and words, and what to do. */
export function ErrorView({ help, actions }: { help: ErrorHelp; actions?: string }) {
  const tone = useTone();
  return (
    <Box flexDirection="column">
      <Text bold color={tone('error')}>
        ✗ {help.title}
      </Text>
      <Text>
        {help.code ? <Text bold>{help.code}: </Text> : null}
        {help.message}
      </Text>
      <Text>→ {help.hint}</Text>
      {actions ? <Text dimColor>{actions}</Text> : null}
    </Box>
  );
}
