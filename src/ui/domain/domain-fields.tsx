import { Box, Text } from 'ink';
import type { ReactNode } from 'react';
import { type Tone, utcMinute } from '../../core/display.js';
import { checkCounts, type DnsCheckResult } from '../../core/dns-check.js';
import { visible } from '../../core/sanitize.js';
import type { ServingProbe } from '../../core/stages.js';
import { Paragraph } from '../components/Paragraph.js';
import type { CopyNotice } from '../components/copy-notice.js';
import { wrapWords } from '../components/format.js';
import { useTone } from '../app/theme.js';

// The domain screen's fields and the state of its status line, apart from the screen.

/** The width of a field's label. */
export const LABEL = 12;

/** A field of the domain: its label, and its value wrapped beside it. */
export function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box>
      <Box width={LABEL} flexShrink={0}>
        <Text dimColor>{label}</Text>
      </Box>
      <Box flexGrow={1}>
        <Paragraph>{children}</Paragraph>
      </Box>
    </Box>
  );
}

/** A warning (⚠), wrapped at the terminal's width, its lines under its first one's text. */
export function Warning({ text, width }: { text: string; width: number }) {
  const tone = useTone();
  return wrapWords(visible(text), Math.max(10, width - 2)).map((line, i) => (
    // The lines of one text, in order: the index is their identity.
    <Text key={i} color={tone('warn')}>
      {i === 0 ? '⚠ ' : '  '}
      {line}
    </Text>
  ));
}

/** The `d` check of the records: not run yet, running, or its result and when it came. */
export type DnsCheckState =
  | { status: 'idle' }
  | { status: 'running' }
  | { status: 'done'; result: DnsCheckResult; probe?: ServingProbe; at: Date }
  | { status: 'failed'; message: string };

/** The line that sums a check up: how many records are right, by which server, when. */
export function checkSummary(
  result: DnsCheckResult,
  server: string,
  at: Date,
): { text: string; tone: Tone } {
  const via = `(${server}, ${utcMinute(at)})`;
  const { total, notRight, failed } = checkCounts(result);
  if (result.ok) return { text: `✓ All ${total} records are right ${via}`, tone: 'ok' };
  const parts = [
    notRight > 0 ? `${notRight} of ${total} not right yet` : '',
    failed > 0 ? `${failed} could not be looked up` : '',
  ].filter(Boolean);
  return { text: `✗ ${parts.join(', ')} ${via}`, tone: notRight > 0 ? 'error' : 'warn' };
}

/**
 * The status line under the records: the message of the last action (a copy, or the DNS check),
 * which replaces the one before, or the hint while there has been none.
 */
export type StatusLine =
  | { kind: 'hint' }
  | { kind: 'check' }
  | ({ kind: 'notice' } & Pick<CopyNotice, 'text' | 'select'> & { tone?: Tone });
