import { Box, Text, useFocusManager } from 'ink';
import { type ReactNode, useEffect, useState } from 'react';
import { normalizeHostname } from '../../contract/hostname.js';
import { isError } from '../../core/errors.js';
import { canHaveCustomDomains, DOMAIN_PLAN_NAMES, planName } from '../../core/plans.js';
import { visible } from '../../core/sanitize.js';
import { ErrorView } from '../components/ErrorView.js';
import { Loading } from '../components/Loading.js';
import { TextField } from '../components/TextField.js';
import { useNavigation, useScreen, useSession, useSessionControl } from '../context.js';
import { explainError } from '../error-help.js';
import { useKeys } from '../hooks/useKeys.js';
import { useScreenClient } from '../hooks/useScreenClient.js';
import type { ProjectRef } from '../navigation.js';
import { useTone } from '../theme.js';

type State =
  | { step: 'editing' }
  | { step: 'sending'; hostname: string }
  | { step: 'failed'; error: unknown; hostname: string }
  | { step: 'refused'; reason: string };

/** The host name inside a pasted URL (`https://shop.example.com/path` → `shop.example.com`). */
export function hostOfUrl(text: string): string | undefined {
  const trimmed = text.trim();
  if (!/^[a-z][a-z0-9+.-]*:\/\//i.test(trimmed) && !trimmed.includes('/')) return undefined;
  try {
    const url = new URL(/^[a-z][a-z0-9+.-]*:\/\//i.test(trimmed) ? trimmed : `https://${trimmed}`);
    return url.hostname || undefined;
  } catch {
    return undefined;
  }
}

/** A host name field checked as you type with the server's own rules; Enter adds the domain. */
export function AddDomainScreen({ project: routeProject }: { project: ProjectRef }) {
  const session = useSession();
  const client = useScreenClient();
  const { projects } = useSessionControl();
  const navigate = useNavigation();
  const { isTop } = useScreen();
  const { focus } = useFocusManager();
  const tone = useTone();
  const project = { ...projects.get(routeProject.id), ...routeProject };
  const [value, setValue] = useState('');
  const [state, setState] = useState<State>({ step: 'editing' });
  const check = normalizeHostname(value);
  const urlHost = check.ok ? undefined : hostOfUrl(value);

  useEffect(() => {
    if (isTop) focus('add.hostname');
  }, [isTop, focus]);

  const submit = () => {
    if (state.step === 'sending') return;
    if (!check.ok) {
      setState({ step: 'refused', reason: check.reason });
      return;
    }
    const hostname = check.hostname;
    setState({ step: 'sending', hostname });
    client.addDomain(project.id, hostname).then(
      (domain) =>
        navigate({ type: 'replace', route: { name: 'domain', project, domain, justAdded: true } }),
      (error: unknown) => setState({ step: 'failed', error, hostname }),
    );
  };

  // A message belongs to the name it judged: once the name changes, a refusal or an error of the
  // API about the old one goes, rather than stand under a name it does not describe.
  const edit = (next: string) => {
    setValue(next);
    setState((s) => (s.step === 'refused' || s.step === 'failed' ? { step: 'editing' } : s));
  };

  useKeys((is) => {
    if (is('add.cancel')) navigate({ type: 'pop' });
    else if (is('add.submit')) submit();
    else if (is('add.useHost') && urlHost) edit(urlHost);
  });

  const title = visible(project.name ? `${project.name} (${project.id})` : project.id);
  const planWarning =
    project.plan && canHaveCustomDomains(project.plan) === false
      ? `${title} is on the ${visible(planName(project.plan))} plan: the API will refuse, custom domains need ${DOMAIN_PLAN_NAMES}.`
      : undefined;

  // The server has refused this very name (taken, or against its rules): the error below says
  // why, and "✓ a valid host name" above it would contradict it. Editing the name brings it back.
  const nameRefused =
    state.step === 'failed' &&
    isError(state.error, 'ApiError') &&
    (state.error.status === 409 || state.error.status === 400);

  let live: ReactNode;
  if (nameRefused) {
    live = null;
  } else if (value.trim() === '') {
    live = <Text dimColor>e.g. shop.example.com</Text>;
  } else if (check.ok) {
    live = (
      <Text color={tone('ok')}>
        ✓{' '}
        {check.hostname === value.trim()
          ? 'a valid host name'
          : `will be added as ${check.hostname}`}
      </Text>
    );
  } else if (urlHost) {
    live = (
      <Text color={tone('warn')}>
        ! That is a URL: the host name is {urlHost}. Press Tab to keep only the host name.
      </Text>
    );
  } else {
    live = <Text color={tone('warn')}>✗ {check.reason}</Text>;
  }

  return (
    <Box flexDirection="column">
      <Text bold wrap="truncate-end">
        Add a custom domain to {title}
      </Text>
      {planWarning ? <Text color={tone('warn')}>{planWarning}</Text> : null}
      <Text> </Text>
      <TextField id="add.hostname" label="Host name" value={value} onChange={edit} />
      <Box marginLeft={12}>{live}</Box>
      <Text> </Text>
      {state.step === 'sending' ? (
        <Loading label={`Adding ${state.hostname}…`} />
      ) : state.step === 'failed' ? (
        <ErrorView
          help={explainError(state.error, {
            profileName: session.profileName,
            baseUrl: session.baseUrl,
            tokenOrigin: session.tokenOrigin,
            baseUrlSource: session.baseUrlSource,
            project,
            hostname: state.hostname,
          })}
          actions="Edit the name and press Enter to try again · Esc back"
        />
      ) : state.step === 'refused' ? (
        <Text color={tone('error')}>✗ Not sent: {state.reason}</Text>
      ) : (
        <Text dimColor>
          Once added, you get the three DNS records to create at your DNS provider.
        </Text>
      )}
    </Box>
  );
}
