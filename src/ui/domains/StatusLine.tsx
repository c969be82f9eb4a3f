import { Text } from 'ink';
import { useTone } from '../app/theme.js';
import type { StatusPart, summaryLine } from './domains-lines.js';

/**
 * The line under the domains table: one line, always. Its words give way to fit (pagesStatus,
 * allStatus); what still does not fit (a narrow terminal, a note naming long host names) is cut
 * at the end, so the table keeps its rows whatever the notes say.
 */
export function StatusLine({ parts }: { parts: readonly StatusPart[] }) {
  const tone = useTone();
  return (
    <Text wrap="truncate-end">
      {parts.map((part, i) => (
        // The parts of one line, in order.
        <Text
          key={i}
          bold={part.style === 'bold'}
          dimColor={part.style === 'dim'}
          color={part.style === 'accent' ? tone('accent') : undefined}
        >
          {/* A no-break space holds words together only where a line is laid out: a space here. */}
          {part.text.replaceAll('\u00a0', ' ')}
        </Text>
      ))}
    </Text>
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
