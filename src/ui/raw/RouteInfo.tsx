import { Box, Text } from 'ink';
import type { ReactNode } from 'react';
import type { RouteMatch } from '../../contract/match-route.js';
import { visible } from '../../core/sanitize.js';
import { useTone } from '../app/theme.js';
import { Paragraph } from '../components/Paragraph.js';

/** How many lines RouteInfo takes: the screen lays the answer out below it. */
export function routeInfoHeight(match: RouteMatch | undefined): number {
  return match && (Object.keys(match.params).length > 0 || match.warnings.length > 0) ? 2 : 1;
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
}: {
  path: string;
  method: string;
  match: RouteMatch | undefined;
  allowed: readonly string[];
  candidates: readonly string[];
  nothingToComplete: boolean;
}) {
  const tone = useTone();
  let info: ReactNode;
  if (path === '') {
    info = <Paragraph dimColor>Type a path; Tab completes it from the API's routes.</Paragraph>;
  } else if (match) {
    const params = Object.entries(match.params).map(([name, value]) => `${name} = ${value}`);
    info = (
      <Box flexDirection="column">
        <Text wrap="truncate-end">
          <Text color={tone('ok')}>→ {match.route.operationId}</Text>
          <Text dimColor>
            {' '}
            {match.route.method} {match.route.path} · {match.route.auth}
          </Text>
        </Text>
        {params.length > 0 || match.warnings.length > 0 ? (
          <Text wrap="truncate-end" color={tone(match.warnings.length ? 'warn' : undefined)}>
            {'  '}
            {visible([...params, ...match.warnings.map((w) => `! ${w}`)].join(' · '))}
          </Text>
        ) : null}
      </Box>
    );
  } else if (allowed.length > 0) {
    info = (
      <Text color={tone('warn')} wrap="truncate-end">
        ! {method} is not a method of this path: it takes {allowed.join(', ')} (the API answers 405)
      </Text>
    );
  } else {
    info = (
      <Text color={tone('warn')} wrap="truncate-end">
        ! No route of the API matches: it is sent as typed (likely a 404)
      </Text>
    );
  }
  return (
    <Box flexDirection="column">
      {info}
      <Text dimColor wrap="truncate-end">
        {candidates.length > 0
          ? `Tab: ${candidates.slice(0, 3).join('  ')}${candidates.length > 3 ? `  +${candidates.length - 3}` : ''}`
          : nothingToComplete
            ? 'Tab: no route of the API goes on from this path'
            : ' '}
      </Text>
    </Box>
  );
}
