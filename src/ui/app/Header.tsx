import { Box, Text } from 'ink';
import { visible } from '../../core/sanitize.js';
import { displayWidth } from '../components/format.js';
import type { Session } from './session.js';
import type { ProjectRef } from './navigation.js';
import { useUi } from './context.js';
import { useTone } from './theme.js';

function hostOf(baseUrl: string): string {
  try {
    return new URL(baseUrl).host;
  } catch {
    return visible(baseUrl);
  }
}

/** One line: which profile, which API, which project. */
export function Header({
  session,
  project,
  columns,
}: {
  session?: Session;
  project?: ProjectRef;
  columns: number;
}) {
  const tone = useTone();
  const { color } = useUi();
  // The profile's label ("production") and read-only mark come first and always show: they are
  // there so that nobody takes one API for another. The label in the profile's colour; with no
  // label, the profile's name takes the colour, as k9s colours the context a skin is set for: a
  // colour given on its own is still seen.
  const label = session?.label ? `[${visible(session.label)}]` : '';
  const readOnly = session?.readOnly ? 'read-only' : '';
  const marks = [label, readOnly].filter(Boolean).join(' ');
  // The most useful form that fits: the project's name goes before its ID does.
  const variants: string[][] = [];
  if (session) {
    const profile = session.ephemeral
      ? `${session.profileName ?? 'demo'} (in memory)`
      : (session.profileName ?? 'none (flags)');
    const base = [`profile ${profile}`, hostOf(session.baseUrl)];
    const short = [`profile ${session.profileName ?? 'none'}`, hostOf(session.baseUrl)];
    const p = project ?? (session.project ? { id: session.project } : undefined);
    // The project's name comes from the API and its ID maybe from the config: shown, never obeyed.
    const id = p ? visible(p.id) : '';
    if (p?.name) variants.push([...base, `${visible(p.name)} (${id})`]);
    variants.push(p ? [...base, id] : base);
    if (p) variants.push([...short, id]);
  } else {
    variants.push(['no profile']);
  }
  const nameColor = color && !label && session?.profileName ? session.color : undefined;
  const room = columns - 'domainctl  '.length - (marks ? marks.length + 1 : 0);
  const parts =
    variants.find((v) => displayWidth(v.join(' · ')) <= room) ??
    variants[variants.length - 1] ??
    [];
  return (
    <Box flexDirection="column" flexShrink={0}>
      <Text wrap="truncate-end">
        <Text bold color={tone('accent')}>
          domainctl
        </Text>
        {label ? (
          <Text bold color={color ? session?.color : undefined}>
            {' '}
            {label}
          </Text>
        ) : null}
        {readOnly ? <Text color={tone('warn')}> {readOnly}</Text> : null}
        {nameColor && parts.length > 1 ? (
          <>
            <Text> </Text>
            <Text bold color={nameColor}>
              {parts[0]}
            </Text>
            <Text> · {parts.slice(1).join(' · ')}</Text>
          </>
        ) : (
          <Text> {parts.join(' · ')}</Text>
        )}
      </Text>
      <Text dimColor>{'─'.repeat(Math.max(0, columns))}</Text>
    </Box>
  );
}
