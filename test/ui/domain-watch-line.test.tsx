import { Box } from 'ink';
import { render } from 'ink-testing-library';
import { describe, expect, it } from 'vitest';
import { DomainWatchLine, watchSentences } from '../../src/ui/domain/DomainWatchLine.js';
import { wrapWords } from '../../src/ui/components/format.js';

// The domain screen's watch line, apart from the screen: its key hint is whole or not there.
const NONE = new Map();
const watching = (line: string) => watchSentences({ status: 'watching', line }, NONE, 80);

describe("the domain screen's watch line", () => {
  it('keeps its key hint where the line has room for it', () => {
    expect(watching('a.example.com: DNS waiting')[0]?.text).toBe(
      'Watching: a.example.com: DNS waiting (w\u00a0pauses)',
    );
  });

  it('drops the hint where it alone would take a line more (the footer names the key)', () => {
    const line = 'api.acme-shop.com: DNS waiting, checked 1 time · 0:01 of 10:00';
    // Before: "… 0:01 of 10:00 (w" and "pauses)" on a line of its own.
    expect(watching(line)[0]?.text).toBe(`Watching: ${line}`);
  });

  it('never breaks inside the hint where the line wraps anyway, and draws it with a space', () => {
    const line = `${'x'.repeat(40)}.example.com: DNS waiting, checked 12 times · next check in 2 s`;
    const text = watching(line)[0]?.text ?? '';
    const wrapped = wrapWords(text, 80);
    expect(wrapped).toHaveLength(2);
    expect(wrapped[1]).toMatch(/\(w\u00a0pauses\)$/);
    const { lastFrame, unmount } = render(
      <Box width={80}>
        <DomainWatchLine sentences={[{ text }]} />
      </Box>,
    );
    const drawn = (lastFrame() ?? '').split('\n');
    expect(drawn).toHaveLength(2);
    expect(drawn[1]).toMatch(/ \(w pauses\)$/);
    unmount();
  });
});
