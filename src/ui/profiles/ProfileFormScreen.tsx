import { Box, Text, useFocusManager } from 'ink';
import { useEffect, useState } from 'react';
import { PROFILE_NAME } from '../../config/profile-name.js';
import { TextField } from '../components/TextField.js';
import { useNavigation, useScreen, useServices, useSessionControl } from '../app/context.js';
import { useKeys } from '../input/useKeys.js';
import { createSession } from '../app/session.js';
import { useTone } from '../app/theme.js';
import { Paragraph } from '../components/Paragraph.js';

const FIELDS = ['profile.name', 'profile.baseUrl', 'profile.token'] as const;
type FieldId = (typeof FIELDS)[number];

interface Values {
  name: string;
  baseUrl: string;
  token: string;
}

function problems(values: Values): Partial<Record<FieldId, string>> {
  const found: Partial<Record<FieldId, string>> = {};
  if (!PROFILE_NAME.test(values.name)) {
    found['profile.name'] =
      'letters, digits, ".", "_" and "-", starting with a letter or digit (up to 64)';
  }
  try {
    const url = new URL(values.baseUrl);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') {
      found['profile.baseUrl'] = 'must start with http:// or https://';
    }
  } catch {
    found['profile.baseUrl'] = 'an absolute URL, e.g. https://api.example.com';
  }
  return found;
}

/** Adds a profile (name, base URL, token) to the same store as `domainctl profile add`. */
export function ProfileFormScreen() {
  const services = useServices();
  const { begin } = useSessionControl();
  const navigate = useNavigation();
  const { isTop } = useScreen();
  const { focus } = useFocusManager();
  const tone = useTone();
  const [values, setValues] = useState<Values>({ name: 'default', baseUrl: '', token: '' });
  const [field, setField] = useState<FieldId>('profile.baseUrl');
  const [saveError, setSaveError] = useState<string>();
  const [tried, setTried] = useState(false);
  const found = problems(values);

  useEffect(() => {
    if (isTop) focus(field);
  }, [isTop, field, focus]);

  const save = () => {
    setTried(true);
    const first = FIELDS.find((id) => found[id]);
    if (first) {
      setField(first);
      return;
    }
    try {
      const token = values.token.trim() || undefined;
      const baseUrl = values.baseUrl.trim();
      services.saveProfile(values.name, { base_url: baseUrl, token });
      begin(createSession(services, { profileName: values.name, baseUrl, token }));
    } catch (error) {
      setSaveError((error as Error).message);
    }
  };

  const move = (step: 1 | -1) => {
    const index = FIELDS.indexOf(field) + step;
    setField(FIELDS[Math.max(0, Math.min(FIELDS.length - 1, index))] ?? field);
  };

  useKeys((is) => {
    if (is('form.cancel')) navigate({ type: 'pop' });
    else if (is('form.submit')) {
      if (field === FIELDS[FIELDS.length - 1]) save();
      else move(1);
    } else if (is('form.next')) move(1);
    else if (is('form.previous')) move(-1);
  });

  const set = (key: keyof Values) => (value: string) => {
    setSaveError(undefined);
    setValues((v) => ({ ...v, [key]: value }));
  };
  const problem = (id: FieldId) =>
    (tried || id !== field) && found[id] ? (
      <Box marginLeft={15}>
        <Paragraph color={tone('error')}>✗ {found[id]}</Paragraph>
      </Box>
    ) : null;

  return (
    <Box flexDirection="column">
      <Text bold>Add a profile</Text>
      <Paragraph dimColor>
        Saved where `domainctl profile add` saves profiles; the token is never shown.
      </Paragraph>
      <Text> </Text>
      <TextField
        id="profile.name"
        label="Profile name"
        labelWidth={15}
        value={values.name}
        onChange={set('name')}
      />
      {problem('profile.name')}
      <TextField
        id="profile.baseUrl"
        label="Base URL"
        labelWidth={15}
        value={values.baseUrl}
        onChange={set('baseUrl')}
        placeholder="https://api.example.com"
      />
      {values.baseUrl ? problem('profile.baseUrl') : null}
      <TextField
        id="profile.token"
        label="Token"
        labelWidth={15}
        value={values.token}
        onChange={set('token')}
        mask="*"
        placeholder="API key or JWT (optional)"
      />
      <Text> </Text>
      {saveError ? <Paragraph color={tone('error')}>✗ {saveError}</Paragraph> : null}
      {tried && found['profile.baseUrl'] && !values.baseUrl ? (
        <Paragraph color={tone('error')}>✗ a base URL is needed</Paragraph>
      ) : null}
    </Box>
  );
}
