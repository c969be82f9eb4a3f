import { Box, Text } from 'ink';
import { Fragment } from 'react';
import { type Tone, utcMinute } from '../../core/display.js';
import { type Stage, type StageName, STAGE_TITLES, type StageState } from '../../core/stages.js';
import { visible } from '../../core/sanitize.js';
import { wrapWords } from '../components/format.js';
import { useTone } from '../app/theme.js';

const MARKS: Record<StageState, { mark: string; tone: Tone | undefined }> = {
  ok: { mark: '✓', tone: 'ok' },
  waiting: { mark: '○', tone: undefined },
  failed: { mark: '✗', tone: 'error' },
  unknown: { mark: '?', tone: 'warn' },
};

const TITLE = 22;

/** When the watch saw a stage reached, by stage. */
export type ReachedTimes = ReadonlyMap<StageName, Date>;

/** The stages of a domain (core/stages.ts), one a line: mark, title, what was seen. */
export function StagesList({
  stages,
  width,
  reachedAt,
}: {
  stages: readonly Stage[];
  width: number;
  reachedAt?: ReachedTimes;
}) {
  const tone = useTone();
  return (
    <Box flexDirection="column">
      {stages.map((stage) => {
        const { mark, tone: color } = MARKS[stage.state];
        const at = reachedAt?.get(stage.name);
        const detail = at ? `reached at ${utcMinute(at)}: ${stage.detail}` : stage.detail;
        const lines = wrapWords(visible(detail), Math.max(10, width - TITLE - 2));
        return (
          <Box key={stage.name}>
            <Box width={TITLE} flexShrink={0}>
              <Text color={tone(color)}>
                {mark} {STAGE_TITLES[stage.name]}
              </Text>
            </Box>
            <Text dimColor={stage.state === 'waiting'}>{lines.join('\n')}</Text>
          </Box>
        );
      })}
    </Box>
  );
}

const SHORT: Record<Stage['name'], string> = {
  dns: 'DNS',
  verified: 'verified',
  certificate: 'certificate',
  serving: 'HTTPS',
};

/**
 * The stages on one line, `✓ DNS › ✓ verified › ○ certificate › ? HTTPS`: the screen's summary;
 * with the watch's times, `✓ DNS 2026-11-28 23:15 UTC › …`.
 */
export function StagesLine({
  stages,
  reachedAt,
}: {
  stages: readonly Stage[];
  reachedAt?: ReachedTimes;
}) {
  const tone = useTone();
  return (
    <Text>
      {stages.map((stage, i) => {
        const { mark, tone: color } = MARKS[stage.state];
        const at = reachedAt?.get(stage.name);
        return (
          <Fragment key={stage.name}>
            {i > 0 ? <Text dimColor> › </Text> : null}
            <Text color={tone(color)}>
              {mark} {SHORT[stage.name]}
            </Text>
            {at ? <Text dimColor> {utcMinute(at)}</Text> : null}
          </Fragment>
        );
      })}
    </Text>
  );
}
