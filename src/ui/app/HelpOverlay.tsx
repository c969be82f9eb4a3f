import { Box, Text } from 'ink';
import { useMemo, useState } from 'react';
import { type ActionId, binding, helpKeys, matches } from './keymap.js';
import { worksNow } from './footer-keys.js';
import { type HelpItem, helpLayout, helpWindow, scrolledTop } from './help-layout.js';
import type { RouteName } from './navigation.js';
import { useUi } from './context.js';
import { wrapWords } from '../components/format.js';
import { useKeyInput } from '../input/useKeys.js';
import { useTone } from './theme.js';
import { Paragraph } from '../components/Paragraph.js';

const titles: Record<RouteName, string> = {
  welcome: 'Welcome',
  profileForm: 'Add a profile',
  projects: 'Projects',
  domains: 'Domains',
  domain: 'Domain',
  addDomain: 'Add a domain',
  raw: 'Raw request',
  profiles: 'Switch profile',
};

/**
 * The screen's keys as the help lists them. The help's own scroll key only when it scrolls: listed
 * always, it would be the line that tips a help that fits into one that scrolls.
 */
function itemsOf(
  screen: RouteName,
  typing: boolean,
  unavailable: ReadonlySet<ActionId>,
  scrolls: boolean,
) {
  return helpKeys(screen)
    .filter((id) => scrolls || id !== 'help.scroll')
    .map((id): HelpItem => ({
      id,
      keys: binding(id).keys,
      help: binding(id).help,
      // Dim means one thing: it does nothing now, by the facts the footer goes by.
      off: !worksNow(screen, id, typing, unavailable),
    }));
}

/**
 * `?`: every key of the current screen, from the key-map; those that do nothing now are dim. Each
 * help wraps under itself (help-layout.ts), never cut: in one column, else in two, and where even
 * two are taller than the terminal, one column that scrolls (↑↓ j k PgUp PgDn), with a line that
 * says which keys are in view.
 */
export function HelpOverlay({
  screen,
  unavailable,
}: {
  screen: RouteName;
  unavailable: ReadonlySet<ActionId>;
}) {
  const tone = useTone();
  const { bodyHeight, columns, typing } = useUi();
  const title = `Keys: ${titles[screen]}`;
  const closes = ' · ?, F1 or Esc closes this';
  const titleLines = wrapWords(title + closes, columns).length;
  const rows = Math.max(1, bodyHeight - titleLines);
  // Weighing every split of the keys takes a few milliseconds: once per size and state, not on
  // every render of the app while the help is open.
  const layout = useMemo(() => {
    const still = helpLayout(itemsOf(screen, typing, unavailable, false), rows, columns);
    return still.scrolls
      ? helpLayout(itemsOf(screen, typing, unavailable, true), rows, columns)
      : still;
  }, [screen, typing, unavailable, rows, columns]);
  // The first key in view; the line under the keys says where the view is.
  const [top, setTop] = useState(0);
  const windowRows = Math.max(1, rows - 1);
  const entries = layout.columns[0]?.entries ?? [];
  useKeyInput(
    (input, key) => {
      if (!layout.scrolls || !matches('help.scroll', input, key)) return;
      const by = key.pageUp || key.pageDown ? 'page' : 'line';
      const direction = key.upArrow || key.pageUp || input === 'k' ? -1 : 1;
      setTop(scrolledTop(entries, top, windowRows, { by, direction }));
    },
    { isActive: true },
  );
  const shown = layout.scrolls ? helpWindow(entries, top, windowRows) : undefined;
  const columnsShown = shown
    ? layout.columns.map((c) => ({
        ...c,
        entries: c.entries.slice(shown.first, shown.first + shown.count),
      }))
    : layout.columns;

  return (
    <Box flexDirection="column">
      <Paragraph>
        <Text bold>{title}</Text>
        <Text dimColor>{closes}</Text>
      </Paragraph>
      <Box>
        {columnsShown.map((column, i) => (
          <Box key={i} flexDirection="column" width={column.width} flexShrink={0}>
            {column.entries.map(({ item, lines }) => (
              <Box key={item.id}>
                <Box width={column.keysWidth} flexShrink={0}>
                  <Text
                    bold={!item.off}
                    dimColor={item.off}
                    color={item.off ? undefined : tone('key')}
                  >
                    {item.keys}
                  </Text>
                </Box>
                <Box flexDirection="column">
                  {lines.map((line, n) => (
                    // Wrapped to its room already: truncate only guards the planned row count.
                    <Text key={n} dimColor={item.off} wrap="truncate-end">
                      {line}
                    </Text>
                  ))}
                </Box>
              </Box>
            ))}
          </Box>
        ))}
      </Box>
      {shown ? (
        <Text dimColor wrap="truncate-end">
          keys {shown.first + 1}–{shown.first + shown.count} of {entries.length} ·{' '}
          {binding('help.scroll').keys} scroll
        </Text>
      ) : null}
    </Box>
  );
}

export { titles as screenTitles };
