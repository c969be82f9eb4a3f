import { Text } from 'ink';
import { useTone } from '../app/theme.js';
import { Paragraph } from '../components/Paragraph.js';
import type { StatusPart, summaryLine } from './domains-lines.js';

/**
 * The line under the domains table, whole: wrapped where it is wider than the terminal (a
 * domain turned verified, the watch), never cut; the screen gives it the lines it takes.
 */
export function StatusLine({ parts }: { parts: readonly StatusPart[] }) {
  const tone = useTone();
  return (
    <Paragraph>
      {parts.map((part, i) => (
        // The parts of one line, in order.
        <Text
          key={i}
          bold={part.style === 'bold'}
          dimColor={part.style === 'dim'}
          color={part.style === 'accent' ? tone('accent') : undefined}
        >
          {part.text}
        </Text>
      ))}
    </Paragraph>
  );
}

/** The line under the title: how far the load has come, then the numbers (summaryLine). */
export function SummaryLine({ summary }: { summary: ReturnType<typeof summaryLine> }) {
  const tone = useTone();
  return (
    <Text wrap="truncate-end">
      <Text color={tone(summary.tone)} bold>
        {summary.lead}
      </Text>
      {summary.numbers ? <Text> · {summary.numbers}</Text> : null}
    </Text>
  );
}
