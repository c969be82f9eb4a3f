import { Text } from 'ink';
import type { ReactNode } from 'react';
import { visible } from '../../core/sanitize.js';
import { useTone } from '../app/theme.js';
import { wrapHard, wrapWords } from '../components/format.js';
import { Paragraph } from '../components/Paragraph.js';
import type { StatusLine } from './domain-fields.js';

/**
 * The message of the domain screen's last copy (c, h, z), as its ScrollArea pins it: in view
 * under the part that scrolls, whatever the scroll. Under the records it was below the fold
 * where they are taller than the terminal (a pending domain's check lines, a short terminal),
 * so a copy said nothing that could be seen. The text to select by hand, when nothing took it,
 * comes cut to the width, so the lines it takes are known.
 */
export function pinnedNotice(
  line: StatusLine,
  width: number,
): { pinned: ReactNode; pinnedHeight: number } {
  if (line.kind !== 'notice') return { pinned: null, pinnedHeight: 0 };
  const text = visible(line.text);
  const select = (line.select ?? []).flatMap((piece) =>
    wrapHard(visible(piece), Math.max(1, width - 2)),
  );
  return {
    pinned: <NoticeLines text={text} tone={line.tone} select={select} />,
    pinnedHeight: wrapWords(text, Math.max(1, width)).length + select.length,
  };
}

function NoticeLines({
  text,
  tone: given,
  select,
}: {
  text: string;
  tone: Extract<StatusLine, { kind: 'notice' }>['tone'];
  select: readonly string[];
}) {
  const tone = useTone();
  return (
    <>
      <Paragraph color={tone(given)}>{text}</Paragraph>
      {select.map((piece, i) => (
        // The lines of one text, in order: the index is their identity.
        <Text key={i} wrap="truncate-end">
          {'  '}
          {piece}
        </Text>
      ))}
    </>
  );
}
