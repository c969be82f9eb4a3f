import type { ReactNode } from 'react';
import type { Tone } from '../../core/display.js';
import { utcMinute } from '../../core/display.js';
import { STAGE_TITLES, STAGES, type StageName } from '../../core/stages.js';
import { visible } from '../../core/sanitize.js';
import { DEFAULT_WAIT_TIMEOUT_MS, duration } from '../../core/wait-for-stage.js';
import { wrapWords } from '../components/format.js';
import type { DomainWatchState } from './useDomainWatch.js';
import { useTone } from '../app/theme.js';
import { Paragraph } from '../components/Paragraph.js';

/** The furthest stage the watch has seen reached, in words. */
function furthest(reached: ReadonlyMap<StageName, unknown>): string {
  const last = [...STAGES].reverse().find((name) => reached.has(name));
  return last ? `"${STAGE_TITLES[last]}"` : 'no stage yet';
}

/** A sentence of the watch's line, and how it is drawn. */
export interface WatchSentence {
  text: string;
  tone?: Tone;
  dim?: boolean;
}

/**
 * A key's hint after a sentence, e.g. "(w pauses)", kept whole: its spaces do not break (wrapWords
 * breaks at the others), so a wrapped line never ends in "(w".
 */
const hint = (words: string) => ` (${words.replaceAll(' ', '\u00a0')})`;

/**
 * What the watch of the domain screen (w) is doing, in sentences (their values made visible);
 * none before the first w. A key's hint gives way where it alone would take a line more at
 * `width` (the footer names the key too).
 */
export function watchSentences(
  state: DomainWatchState,
  reached: ReadonlyMap<StageName, unknown>,
  width = Number.POSITIVE_INFINITY,
): WatchSentence[] {
  const withHint = (text: string, keyHint: string) => {
    const full = `${text}${hint(keyHint)}`;
    return wrapWords(full, width).length > wrapWords(text, width).length ? text : full;
  };
  switch (state.status) {
    case 'idle':
      return [];
    case 'watching':
      return [
        { text: withHint(`Watching: ${visible(state.line ?? 'starting')}`, 'w pauses'), dim: true },
        ...(state.warning ? [{ text: `⚠ ${visible(state.warning)}`, tone: 'warn' as const }] : []),
      ];
    case 'paused':
      return [{ text: withHint(`Watch paused at ${furthest(reached)}`, 'w resumes'), dim: true }];
    case 'done':
      return [{ text: `✓ Serving HTTPS: the watch is over (${utcMinute(state.at)})`, tone: 'ok' }];
    case 'stopped':
      return [
        {
          text: withHint(
            `The watch stopped at ${furthest(reached)}: its ${duration(DEFAULT_WAIT_TIMEOUT_MS)} are up`,
            'w watches again',
          ),
          tone: 'warn',
        },
      ];
    case 'failed':
      return [
        {
          text: withHint(`✗ The watch stopped: ${visible(state.message)}`, 'w tries again'),
          tone: 'error',
        },
      ];
  }
}

/** The lines the sentences take `width` columns wide, wrapped as Paragraph wraps them. */
export const watchHeight = (sentences: readonly WatchSentence[], width: number): number =>
  sentences.reduce((sum, s) => sum + wrapWords(s.text, Math.max(1, width)).length, 0);

/**
 * The watch's line as the domain screen's ScrollArea pins it: in view under the part that
 * scrolls, whatever the scroll, with the lines it takes out of the room.
 */
export function pinnedWatchLine(
  state: DomainWatchState,
  reached: ReadonlyMap<StageName, unknown>,
  width: number,
): { pinned: ReactNode; pinnedHeight: number } {
  const sentences = watchSentences(state, reached, width);
  return {
    pinned: <DomainWatchLine sentences={sentences} />,
    pinnedHeight: watchHeight(sentences, width),
  };
}

/** The watch's line: its sentences, each a paragraph. */
export function DomainWatchLine({ sentences }: { sentences: readonly WatchSentence[] }) {
  const tone = useTone();
  return sentences.map((s, i) => (
    // The sentences of one line, in order.
    <Paragraph key={i} color={tone(s.tone)} dimColor={s.dim}>
      {s.text}
    </Paragraph>
  ));
}
