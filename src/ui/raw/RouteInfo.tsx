import { Box, Text } from 'ink';
import type { ReactNode } from 'react';
import type { RouteMatch } from '../../contract/match-route.js';
import { visible } from '../../core/sanitize.js';
import { useTone } from '../app/theme.js';
import { wrapWords } from '../components/format.js';
import { Paragraph } from '../components/Paragraph.js';
import { longestCommonPrefix, valueToType } from './route-completion.js';

/**
 * What RouteInfo says under the route's own line, wrapped at its width: the parameters and the
 * route's warnings, a method the path does not take, or no route at all. A message is read
 * whole (its end names the status the API will answer), never cut at the edge.
 */
function routeNote(
  path: string,
  method: string,
  match: RouteMatch | undefined,
  allowed: readonly string[],
  width: number,
): { lines: string[]; tone?: 'warn' } | undefined {
  if (path === '') return undefined;
  if (match) {
    const params = Object.entries(match.params).map(([name, value]) => `${name} = ${value}`);
    if (params.length === 0 && match.warnings.length === 0) return undefined;
    const text = visible([...params, ...match.warnings.map((w) => `! ${w}`)].join(' · '));
    return {
      // Under the route's line, two columns in.
      lines: wrapWords(text, Math.max(1, width - 2)).map((line) => `  ${line}`),
      tone: match.warnings.length ? 'warn' : undefined,
    };
  }
  const text =
    allowed.length > 0
      ? `! ${method} is not a method of this path: it takes ${allowed.join(', ')} (the API answers 405)`
      : '! No route of the API matches: it is sent as typed (likely a 404)';
  return { lines: wrapWords(text, Math.max(1, width)), tone: 'warn' };
}

/** How many lines RouteInfo takes at `width`: the screen lays the answer out below it. */
export function routeInfoHeight(
  path: string,
  method: string,
  match: RouteMatch | undefined,
  allowed: readonly string[],
  width: number,
): number {
  const note = routeNote(path, method, match, allowed, width)?.lines.length ?? 0;
  // The hint or the route's line (none for a path no route takes), the note, the completions.
  return (path === '' || match ? 1 : 0) + note + 1;
}

/**
 * What the typed path reaches, live: the matched route and its parameters, a method the path
 * does not take, or no route at all; then the completions Tab offers.
 */
export function RouteInfo({
  path,
  method,
  match,
  allowed,
  candidates,
  nothingToComplete,
  width,
}: {
  path: string;
  method: string;
  match: RouteMatch | undefined;
  allowed: readonly string[];
  candidates: readonly string[];
  nothingToComplete: boolean;
  /** The columns it has: its messages wrap there. */
  width: number;
}) {
  const tone = useTone();
  const note = routeNote(path, method, match, allowed, width);
  let info: ReactNode = null;
  if (path === '') {
    info = <Paragraph dimColor>Type a path; Tab completes it from the API's routes.</Paragraph>;
  } else if (match) {
    info = (
      <Text wrap="truncate-end">
        <Text color={tone('ok')}>→ {match.route.operationId}</Text>
        <Text dimColor>
          {' '}
          {match.route.method} {match.route.path} · {match.route.auth}
        </Text>
      </Text>
    );
  }
  return (
    <Box flexDirection="column">
      {info}
      {note ? <Text color={tone(note.tone)}>{note.lines.join('\n')}</Text> : null}
      <Text dimColor wrap="truncate-end">
        {candidates.length > 0
          ? `Tab: ${tails(candidates.slice(0, 3)).join('  ')}${candidates.length > 3 ? `  +${candidates.length - 3}` : ''}`
          : nothingToComplete
            ? valueToType(path)
              ? `Tab: type the ${valueToType(path) ?? ''} here; no route goes on without it`
              : 'Tab: no route of the API goes on from this path'
            : ' '}
      </Text>
    </Box>
  );
}

/**
 * Several candidates as the part each has of its own: from the last `/` they share, after `…`
 * (`…/databases  …/domains`), so that a narrow line shows how they differ, not the same
 * `/v1/projects/prj_…` again and again. One is shown whole.
 */
function tails(candidates: readonly string[]): string[] {
  if (candidates.length < 2) return [...candidates];
  const cut = longestCommonPrefix([...candidates]).lastIndexOf('/');
  return cut > 0 ? candidates.map((c) => `…${c.slice(cut)}`) : [...candidates];
}
