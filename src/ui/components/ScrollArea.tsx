import { Box, type DOMElement, measureElement, Text } from 'ink';
import { type ReactNode, useEffect, useRef, useState } from 'react';

/**
 * Content taller than the room it has: shows `height` lines of it from `offset` on, and a last
 * line that says what is above and below. The caller moves `offset` (PgUp/PgDn) and gets the
 * largest useful offset back through `onMaxOffset`.
 */
export function ScrollArea({
  height,
  offset,
  onMaxOffset,
  children,
}: {
  height: number;
  offset: number;
  onMaxOffset(max: number): void;
  children: ReactNode;
}) {
  const content = useRef<DOMElement>(null);
  const [contentHeight, setContentHeight] = useState(0);
  // Measured after each layout (no dependency list on purpose): the content's height depends on
  // the terminal's width. The comparison below ends the chain after one update.
  // eslint-disable-next-line react-hooks/exhaustive-deps
  useEffect(() => {
    if (!content.current) return;
    const measured = measureElement(content.current).height;
    if (measured !== contentHeight) setContentHeight(measured);
  });
  const fits = contentHeight <= height;
  const room = fits ? height : Math.max(1, height - 1);
  const max = Math.max(0, contentHeight - room);
  useEffect(() => onMaxOffset(max), [max, onMaxOffset]);
  const top = Math.min(offset, max);
  return (
    <Box flexDirection="column" flexShrink={0}>
      {/* Vertical clipping only: the content is as wide as the screen (see App's body). */}
      <Box height={room} overflowY="hidden" flexDirection="column" flexShrink={0}>
        <Box ref={content} flexDirection="column" flexShrink={0} marginTop={-top}>
          {children}
        </Box>
      </Box>
      {fits ? null : (
        <Text dimColor wrap="truncate-end">
          {top < max ? '↓ more below (PgDn)' : '↑ more above (PgUp)'}
          {top > 0 && top < max ? ' · ↑ more above (PgUp)' : ''}
        </Text>
      )}
    </Box>
  );
}
