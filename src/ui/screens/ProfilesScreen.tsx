import { Box, Text } from 'ink';
import { useState } from 'react';
import { labelText } from '../../core/profile-safety.js';
import { visible } from '../../core/sanitize.js';
import { suggest } from '../../core/suggested-commands.js';
import { ErrorView } from '../components/ErrorView.js';
import { Table } from '../components/Table.js';
import { useNavigation, useServices, useSessionControl, useUi } from '../context.js';
import { explainError } from '../error-help.js';
import { useAvailableKeys } from '../hooks/useAvailableKeys.js';
import { useKeys } from '../hooks/useKeys.js';
import { createSession } from '../session.js';
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

/**
 * The saved profiles, the one in use marked: Enter switches the UI to another (its API, token and
 * default project) without a restart. The saved default (`profile use`) is left as it is, so a
 * script run meanwhile still gets the profile it had.
 */
export function ProfilesScreen() {
  const services = useServices();
  const { session, begin } = useSessionControl();
  const navigate = useNavigation();
  const { columns: width, bodyHeight } = useUi();
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
  const [selected, setSelected] = useState(() =>
    Math.max(
      0,
      rows.findIndex((r) => r.inUse),
    ),
  );
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

  useKeys((is, input, key) => {
    if (is('profiles.move')) {
      const step = key.upArrow || input === 'k' ? -1 : 1;
      setSelected((s) => Math.max(0, Math.min(rows.length - 1, s + step)));
    } else if (is('profiles.use')) use(rows[selected]);
    else if (is('nav.back')) navigate({ type: 'pop' });
  });

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
    body = (
      <Table
        columns={[
          {
            id: 'name',
            header: 'PROFILE',
            max: 30,
            priority: 0,
            cell: (r) => ({
              text: `${r.inUse ? '● ' : '  '}${r.name}`,
              tone: r.inUse ? 'ok' : undefined,
            }),
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
          {
            id: 'label',
            header: 'LABEL',
            max: 24,
            priority: 1,
            cell: (r) => ({ text: r.label }),
          },
          {
            id: 'marks',
            header: '',
            max: 30,
            priority: 1,
            cell: (r) => ({
              text: [
                r.inUse ? 'in use' : '',
                r.isDefault ? 'default' : '',
                r.readOnly ? 'read-only' : '',
              ]
                .filter(Boolean)
                .join(', '),
              tone: 'muted',
            }),
          },
        ]}
        rows={rows}
        selected={selected}
        width={width}
        height={Math.max(1, bodyHeight - 4)}
        rowKey={(r) => r.name}
      />
    );
  }
  return (
    <Box flexDirection="column">
      <Text bold>Switch profile</Text>
      <Text dimColor wrap="truncate-end">
        In use: {visible(session?.profileName ?? 'none (flags)')}. Enter switches this UI to the
        selected profile; the saved default stays as it is.
      </Text>
      <Text> </Text>
      {body}
    </Box>
  );
}
