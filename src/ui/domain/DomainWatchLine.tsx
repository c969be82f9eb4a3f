import { utcMinute } from '../../core/display.js';
import { STAGE_TITLES, STAGES, type StageName } from '../../core/stages.js';
import { visible } from '../../core/sanitize.js';
import { DEFAULT_WAIT_TIMEOUT_MS, duration } from '../../core/wait-for-stage.js';
import type { DomainWatchState } from './useDomainWatch.js';
import { useTone } from '../app/theme.js';
import { Paragraph } from '../components/Paragraph.js';

/** The furthest stage the watch has seen reached, in words. */
function furthest(reached: ReadonlyMap<StageName, unknown>): string {
  const last = [...STAGES].reverse().find((name) => reached.has(name));
  return last ? `"${STAGE_TITLES[last]}"` : 'no stage yet';
}

/** What the watch of the domain screen (w) is doing, under its stages; nothing before the first w. */
export function DomainWatchLine({
  state,
  reached,
}: {
  state: DomainWatchState;
  reached: ReadonlyMap<StageName, unknown>;
}) {
  const tone = useTone();
  switch (state.status) {
    case 'idle':
      return null;
    case 'watching':
      return (
        <>
          <Paragraph dimColor>Watching: {visible(state.line ?? 'starting')} (w pauses)</Paragraph>
          {state.warning ? (
            <Paragraph color={tone('warn')}>⚠ {visible(state.warning)}</Paragraph>
          ) : null}
        </>
      );
    case 'paused':
      return <Paragraph dimColor>Watch paused at {furthest(reached)} (w resumes)</Paragraph>;
    case 'done':
      return (
        <Paragraph color={tone('ok')}>
          ✓ Serving HTTPS: the watch is over ({utcMinute(state.at)})
        </Paragraph>
      );
    case 'stopped':
      return (
        <Paragraph color={tone('warn')}>
          The watch stopped at {furthest(reached)}: its {duration(DEFAULT_WAIT_TIMEOUT_MS)} are up
          (w watches again)
        </Paragraph>
      );
    case 'failed':
      return (
        <Paragraph color={tone('error')}>
          ✗ The watch stopped: {visible(state.message)} (w tries again)
        </Paragraph>
      );
  }
}
