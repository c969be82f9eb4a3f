import { Box, type DOMElement, measureElement, Text } from 'ink';
import { type ReactNode, useEffect, useRef, useState } from 'react';

/**
 * Content taller than the room it has: shows `height` lines of it from `offset` on, and a line
 * that says what is above and below. The caller moves `offset` (PgUp/PgDn) and gets the largest
 * useful offset back through `onMaxOffset`. `pinned` (`pinnedHeight` lines) stays in view under
 * the content whatever the scroll: a status that must be seen as it changes (the watch's line).
 */
export function ScrollArea({
  height,
  offset,
  onMaxOffset,
  pinned,
  pinnedHeight = 0,
  children,
}: {
  height: number;
  offset: number;
  onMaxOffset(max: number): void;
  pinned?: ReactNode;
  pinnedHeight?: number;
  children: ReactNode;
}) {
  const content = useRef<DOMElement>(null);
  const [contentHeight, setContentHeight] = useState(0);
  // Measured once laid out, each time the content is drawn anew: its height follows what it holds
  // and the terminal's width, and a new width draws the screen, so the content, again. The same
  // height sets no state, so a measure never asks for another.
  useEffect(() => {
    if (content.current) setContentHeight(measureElement(content.current).height);
  }, [children]);
  const fits = contentHeight + pinnedHeight <= height;
  const room = fits ? height - pinnedHeight : Math.max(1, height - 1 - pinnedHeight);
  const max = Math.max(0, contentHeight - room);
  useEffect(() => onMaxOffset(max), [max, onMaxOffset]);
  const top = Math.min(offset, max);
  return (
    <Box flexDirection="column" flexShrink={0}>
      {/* Vertical clipping only: the content is as wide as the screen (see App's body). */}
      {/* When it fits, as tall as the content: what is pinned follows it, with no gap. */}
      <Box
        height={fits ? undefined : room}
        overflowY="hidden"
        flexDirection="column"
        flexShrink={0}
      >
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
      {pinned}
    </Box>
  );
}
