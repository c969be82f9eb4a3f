import { Box, Text } from 'ink';
import type { HostnameResult } from '../../contract/hostname.js';
import { visible } from '../../core/sanitize.js';
import { Paragraph } from '../components/Paragraph.js';
import { useTone } from '../app/theme.js';
import { type InvalidHost, invalidHosts, REGISTERED_REASON } from './add-many.js';

/**
 * The hosts of a list that are not valid, named one a line under its hint; past this many, a
 * count of the rest: a long paste must leave the form (and the footer) in view.
 */
export const INVALID_SHOWN = 5;

export interface HostCheckProps {
  /** What is typed in the field. */
  value: string;
  /** The single host's check (the server's rules). */
  check: HostnameResult;
  /** The host names of a list (several, typed or pasted), or of a file (`fromFile`). */
  list: { hosts: string[]; fromFile?: string };
  several: boolean;
  /** The pasted URLs Tab cuts to their host names, and the one host when there is one. */
  urls: number;
  urlHost: string | undefined;
  /** The host names the project has, as far as the domains loaded say (stored form). */
  registered: ReadonlySet<string>;
}

/**
 * What Enter would do with what is typed, said as it is typed: a host name's check, or a list's
 * count and each of its hosts that is not valid, with the same message the one host would get.
 */
export function HostCheck({
  value,
  check,
  list,
  several,
  urls,
  urlHost,
  registered,
}: HostCheckProps) {
  const tone = useTone();
  if (several) {
    const invalid = invalidHosts(list.hosts, registered);
    const hint =
      list.fromFile !== undefined
        ? `the host names in ${visible(list.fromFile)}, one a line: Enter adds each in turn`
        : `${list.hosts.length} host names${flaggedCount(invalid)}: Enter adds each in turn`;
    const urlsHint =
      urls > 0
        ? ` · ${urls === 1 ? 'one is a URL' : `${urls} are URLs`}: Tab keeps only the host names`
        : '';
    return (
      <Box flexDirection="column">
        <Paragraph color={tone('ok')}>
          {hint}
          {urlsHint ? <Text color={tone('warn')}>{urlsHint}</Text> : null}
        </Paragraph>
        <InvalidLines invalid={invalid} />
      </Box>
    );
  }
  if (value.trim() === '') return <Paragraph dimColor>e.g. shop.example.com</Paragraph>;
  if (check.ok && registered.has(check.hostname))
    return (
      <Paragraph color={tone('warn')}>
        ! {visible(check.hostname)} is {REGISTERED_REASON}
      </Paragraph>
    );
  if (check.ok)
    return (
      <Paragraph color={tone('ok')}>
        ✓{' '}
        {check.hostname === value.trim()
          ? 'a valid host name'
          : `will be added as ${check.hostname}`}
      </Paragraph>
    );
  if (urlHost)
    return (
      <Paragraph color={tone('warn')}>
        ! That is a URL: the host name is {urlHost}. Press Tab to keep only the host name.
      </Paragraph>
    );
  // The reason may quote what was typed or pasted: shown, never obeyed.
  return <Paragraph color={tone('warn')}>✗ {visible(check.reason)}</Paragraph>;
}

/** How many of a list's hosts the lines under the hint name: ", 2 not valid, 1 typed again". */
function flaggedCount(invalid: readonly InvalidHost[]): string {
  const repeats = invalid.filter((entry) => entry.repeat).length;
  const registered = invalid.filter((entry) => entry.registered).length;
  const bad = invalid.length - repeats - registered;
  return [
    bad > 0 ? `, ${bad} not valid` : '',
    repeats > 0 ? `, ${repeats} typed again` : '',
    registered > 0 ? `, ${registered} in the project already` : '',
  ].join('');
}

/** Each host of a list that is not valid, and why; the API would refuse them (400). */
function InvalidLines({ invalid }: { invalid: readonly InvalidHost[] }) {
  const tone = useTone();
  if (invalid.length === 0) return null;
  const rest = invalid.length - INVALID_SHOWN;
  const others = invalid.slice(INVALID_SHOWN);
  const repeats = others.filter((entry) => entry.repeat).length;
  const registered = others.filter((entry) => entry.registered).length;
  const restText =
    repeats === 0 && registered === 0
      ? `${rest} more not valid (the API will refuse them)`
      : repeats === rest
        ? `${rest} more typed again (sent once)`
        : registered === rest
          ? `${rest} more in the project already`
          : `${rest} more not valid, typed again or in the project already`;
  return (
    <Box flexDirection="column">
      {invalid.slice(0, INVALID_SHOWN).map(({ host, reason }, i) => (
        // One line a host of the list, in the order typed (a host may be typed twice).
        <Paragraph key={i} color={tone('warn')}>
          ✗ {visible(host)}: {visible(reason)}
        </Paragraph>
      ))}
      {rest > 0 ? <Paragraph color={tone('warn')}>✗ {restText}</Paragraph> : null}
    </Box>
  );
}
