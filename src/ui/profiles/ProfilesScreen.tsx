import { Box, Text } from 'ink';
import { useState } from 'react';
import { labelText } from '../../core/profile-safety.js';
import { visible } from '../../core/sanitize.js';
import { suggest } from '../../core/suggested-commands.js';
import { ErrorView } from '../components/ErrorView.js';
import { type Column, fitColumns, plainHeader, plainRow } from '../components/Table.js';
import { PickList } from '../components/PickList.js';
import { useNavigation, useScreen, useServices, useSessionControl, useUi } from '../app/context.js';
import { explainError } from '../components/error-help.js';
import { useAvailableKeys } from '../app/useAvailableKeys.js';
import { useKeys } from '../input/useKeys.js';
import { createSession } from '../app/session.js';
import { wrapWords } from '../components/format.js';
import { Paragraph } from '../components/Paragraph.js';

/** A row of the picker: a saved profile, and whether it is in use and the saved default. */
interface ProfileRow {
  name: string;
  baseUrl: string;
  project?: string;
  /** Label and colour as `profile list` writes them: `production (red)`. */
  label: string;
  readOnly: boolean;
  inUse: boolean;
  isDefault: boolean;
}

/** The picker's columns: narrow terminals drop the label, the marks, then the project. */
const PROFILE_COLUMNS: Column<ProfileRow>[] = [
  {
    id: 'name',
    header: 'PROFILE',
    max: 30,
    priority: 0,
    cell: (r) => ({ text: `${r.inUse ? '● ' : '  '}${r.name}` }),
  },
  {
    id: 'url',
    header: 'BASE URL',
    flexible: true,
    priority: 0,
    cell: (r) => ({ text: r.baseUrl }),
  },
  {
    id: 'project',
    header: 'PROJECT',
    max: 24,
    priority: 2,
    cell: (r) => ({ text: r.project ?? '' }),
  },
  { id: 'label', header: 'LABEL', max: 24, priority: 1, cell: (r) => ({ text: r.label }) },
  {
    id: 'marks',
    header: '',
    max: 30,
    priority: 1,
    cell: (r) => ({
      text: [r.inUse ? 'in use' : '', r.isDefault ? 'default' : '', r.readOnly ? 'read-only' : '']
        .filter(Boolean)
        .join(', '),
    }),
  },
];

/**
 * The saved profiles, the one in use marked: Enter switches the UI to another (its API, token and
 * default project) without a restart. The saved default (`profile use`) is left as it is, so a
 * script run meanwhile still gets the profile it had.
 */
export function ProfilesScreen() {
  const services = useServices();
  const { session, begin } = useSessionControl();
  const navigate = useNavigation();
  const { columns: width, bodyHeight, helpOpen } = useUi();
  const { isTop } = useScreen();
  const [loaded] = useState(() => {
    try {
      return { ...services.profiles(), error: undefined };
    } catch (error) {
      // A broken config file: said here, as any command would say it.
      return { list: [], defaultName: undefined, error };
    }
  });
  const rows: ProfileRow[] = loaded.list.map((p) => ({
    name: p.name,
    baseUrl: p.base_url,
    project: p.project,
    label: labelText(p.label, p.color),
    readOnly: p.read_only === true,
    inUse: !session?.ephemeral && session?.profileName === p.name,
    isDefault: loaded.defaultName === p.name,
  }));
  useAvailableKeys({ 'profiles.move': rows.length > 1, 'profiles.use': rows.length > 0 });

  const use = (row: ProfileRow | undefined) => {
    const profile = loaded.list.find((p) => p.name === row?.name);
    if (!profile) return;
    begin(
      createSession(services, {
        profileName: profile.name,
        baseUrl: profile.base_url,
        token: profile.token,
        project: profile.project,
        org: profile.org,
        readOnly: profile.read_only === true,
        label: profile.label,
        color: profile.color,
      }),
    );
  };

  // ↑↓ j k and Enter are ink-select-input's (PickList); Esc is the screen's.
  useKeys((is) => {
    if (is('nav.back')) navigate({ type: 'pop' });
  });

  // Said whole, wrapped (the list gives up the lines it takes past the first), never cut.
  const intro = `In use: ${visible(session?.profileName ?? 'none (flags)')}. Enter switches this UI to the selected profile; the saved default stays as it is.`;
  let body;
  if (loaded.error) {
    body = (
      <ErrorView
        help={explainError(loaded.error, { baseUrl: session?.baseUrl ?? '' })}
        actions="Esc back · q quit"
      />
    );
  } else if (rows.length === 0) {
    body = (
      <Paragraph>
        {/* The demo never reads the saved profiles, so "press P again" would show this again. */}
        {session?.ephemeral ? (
          <>
            The demo uses only its own in-memory profile: it has none to switch to. Saved profiles
            are switched between in `domainctl` (not `domainctl demo`): add one with `
            {suggest.profileAdd()}`, then start `domainctl` and press P. Esc goes back.
          </>
        ) : (
          <>
            No profile is saved (this session came from flags or the environment). Add one with `
            {suggest.profileAdd()}`, then press P again. Esc goes back.
          </>
        )}
      </Paragraph>
    );
  } else {
    const fitted = fitColumns(PROFILE_COLUMNS, rows, width, 16);
    body = (
      <Box flexDirection="column">
        <Text bold dimColor wrap="truncate-end">
          {'  '}
          {plainHeader(fitted)}
        </Text>
        <PickList
          items={rows.map((r) => ({ key: r.name, label: plainRow(fitted, r), value: r.name }))}
          initialIndex={rows.findIndex((r) => r.inUse)}
          isFocused={isTop && !helpOpen}
          limit={Math.max(1, bodyHeight - 5 - (wrapWords(intro, width).length - 1))}
          onSelect={(name) => use(rows.find((r) => r.name === name))}
        />
      </Box>
    );
  }
  return (
    <Box flexDirection="column">
      <Text bold>Switch profile</Text>
      <Paragraph dimColor>{intro}</Paragraph>
      <Text> </Text>
      {body}
    </Box>
  );
}
