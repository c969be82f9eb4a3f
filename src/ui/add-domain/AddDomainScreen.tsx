import { useQueryClient } from '@tanstack/react-query';
import { Box, Text, useFocusManager, useStdout } from 'ink';
import { useEffect, useState } from 'react';
import { normalizeHostname } from '../../contract/hostname.js';
import { ApiError } from '../../core/errors.js';
import { canHaveCustomDomains, DOMAIN_PLAN_NAMES, planName } from '../../core/plans.js';
import { isMethodAllowed, readOnlyRefusal } from '../../core/profile-safety.js';
import { visible } from '../../core/sanitize.js';
import { ErrorView } from '../components/ErrorView.js';
import { Loading } from '../components/Loading.js';
import { Paragraph } from '../components/Paragraph.js';
import { hostsOfUrls, parseHostList, typedLines, zoneOfAll } from './add-many.js';
import { AddManyResults } from './AddManyResults.js';
import { HostCheck } from './HostCheck.js';
import { useRegisteredHosts } from './useRegisteredHosts.js';
import { useResultsScroll } from './useResultsScroll.js';
import { TextField } from '../components/TextField.js';
import {
  useNavigation,
  useScreen,
  useServices,
  useSession,
  useSessionControl,
  useUi,
} from '../app/context.js';
import { copyNotice } from '../components/copy-notice.js';
import { invalidateDomains, useAddMany } from './useAddMany.js';
import { useAvailableKeys } from '../app/useAvailableKeys.js';
import { errorContext, explainError } from '../components/error-help.js';
import { useKeys } from '../input/useKeys.js';
import { useScreenClient } from '../queries/useScreenClient.js';
import type { ProjectRef } from '../app/navigation.js';
import { useTone } from '../app/theme.js';

type State =
  | { step: 'editing' }
  | { step: 'sending'; hostname: string }
  | { step: 'failed'; error: unknown; hostname: string }
  | { step: 'refused'; reason: string }
  /** Several host names: added in turn, each with its result (AddManyResults). */
  | { step: 'batch' };

/** Where the field's text starts: its label ("Host name" and a space) and its "› ". */
const FIELD_INDENT = 12;
/**
 * The most lines a pasted list takes in the field before it scrolls with the cursor: what Enter
 * would do (the count, the hosts not valid) stays in view under it at 80x24.
 */
const FIELD_MAX_LINES = 6;

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
  const services = useServices();
  const { write } = useStdout();
  const { bodyHeight, columns } = useUi();
  const queryClient = useQueryClient();
  const registered = useRegisteredHosts(queryClient, session, project.id);
  const batch = useAddMany(client, project.id, () =>
    invalidateDomains(queryClient, session, project.id),
  );
  const [notice, setNotice] = useState<{ text: string; ok: boolean; select?: string[] }>();
  const list = parseHostList(value);
  const several = list.fromFile !== undefined || list.hosts.length > 1;
  const check = normalizeHostname(value);
  // Tab cuts every pasted URL in the field down to its host name, of one host or of several.
  const cut = check.ok || list.fromFile !== undefined ? undefined : hostsOfUrls(value);
  const urlHost = cut && !several ? cut.text.trim() : undefined;
  const inBatch = state.step === 'batch';
  const added = (batch.results ?? []).flatMap((r) => (r.state === 'added' ? [r.domain] : []));

  useEffect(() => {
    if (isTop && !inBatch) focus('add.hostname');
  }, [isTop, inBatch, focus]);

  /** Several host names (typed, pasted or from a file): each added in turn. */
  const addSeveral = async () => {
    let hosts = list.hosts;
    if (list.fromFile !== undefined) {
      try {
        hosts = await services.readHostFile(list.fromFile);
      } catch (error) {
        setState({ step: 'refused', reason: (error as Error).message });
        return;
      }
      if (hosts.length === 0) {
        setState({ step: 'refused', reason: `${list.fromFile} holds no host name` });
        return;
      }
    }
    setNotice(undefined);
    scroll.reset();
    setState({ step: 'batch' });
    await batch.start(hosts);
  };

  const copyZone = () => {
    const zone = zoneOfAll(added);
    const skipped = zone.skipped.length ? ` (not ${zone.skipped.join(', ')})` : '';
    const what = `the records of ${added.length - zone.skipped.length} new domains as one zone snippet${skipped}`;
    services.copy(zone.text, write).then(
      (result) => {
        const copied = copyNotice(what, zone.text, result);
        setNotice({ text: copied.text, ok: copied.tone !== 'error', select: copied.select });
      },
      (error: unknown) =>
        setNotice({ text: `✗ Could not copy: ${(error as Error).message}`, ok: false }),
    );
  };

  const submit = () => {
    if (state.step === 'sending' || inBatch) return;
    // No name gets past a read-only profile: say so, with the way out, rather than let the
    // client refuse it as an input error ("correct it and try again").
    if (!isMethodAllowed('POST', session.readOnly)) {
      setState({ step: 'refused', reason: readOnlyRefusal(session.profileName, 'POST') });
      return;
    }
    if (several) {
      void addSeveral();
      return;
    }
    if (!check.ok) {
      setState({ step: 'refused', reason: check.reason });
      return;
    }
    const hostname = check.hostname;
    setState({ step: 'sending', hostname });
    client.addDomain(project.id, hostname).then(
      (domain) => {
        invalidateDomains(queryClient, session, project.id);
        navigate({ type: 'replace', route: { name: 'domain', project, domain, justAdded: true } });
      },
      (error: unknown) => setState({ step: 'failed', error, hostname }),
    );
  };

  // A message belongs to the name it judged: once the name changes, a refusal or an error of the
  // API about the old one goes, rather than stand under a name it does not describe.
  const edit = (next: string) => {
    setValue(next);
    setState((s) => (s.step === 'refused' || s.step === 'failed' ? { step: 'editing' } : s));
  };

  const title = visible(project.name ? `${project.name} (${project.id})` : project.id);
  const planWarning =
    project.plan && canHaveCustomDomains(project.plan) === false
      ? `${title} is on the ${visible(planName(project.plan))} plan: the API will refuse, custom domains need ${DOMAIN_PLAN_NAMES}.`
      : undefined;

  // The server has refused this very name (taken, or against its rules): the error below says
  // why, and "✓ a valid host name" above it would contradict it. Editing the name brings it back.
  const nameRefused =
    state.step === 'failed' &&
    state.error instanceof ApiError &&
    (state.error.status === 409 || state.error.status === 400);

  const closing = `${added.length > 0 ? 'z copies the records of the new domains as one zone snippet · ' : ''}e edits the list (as typed) · Esc back to the domains`;
  // The results' room (their summary's too): the body less the title, the plan's warning, the
  // collapsed list with a blank line either side, and what is under the results (the closing
  // line, or a notice and the snippet to select by hand), each as many lines as it wraps to.
  const under = notice
    ? typedLines(notice.text, columns) + (notice.select?.length ?? 0)
    : typedLines(closing, columns);
  const resultsHeight =
    bodyHeight - 4 - (planWarning ? typedLines(planWarning, columns) : 0) - under;

  const scroll = useResultsScroll(batch.results ?? [], batch.running, resultsHeight, columns);
  useAvailableKeys({
    'add.useHost': cut !== undefined && !inBatch,
    'add.copyZone': inBatch && added.length > 0,
    'add.edit': inBatch && !batch.running,
    'add.scroll': inBatch && scroll.scrolls,
    'add.submit': !inBatch,
  });
  useKeys((is, input, key) => {
    if (is('add.cancel')) navigate({ type: 'pop' });
    else if (inBatch) {
      if (is('add.copyZone') && added.length > 0) copyZone();
      else if (is('add.edit') && !batch.running) {
        batch.reset();
        scroll.reset();
        setState({ step: 'editing' });
      } else if (is('add.scroll')) {
        if (input === 'g' || input === 'G' || key.home || key.end)
          scroll.end(input === 'g' || key.home);
        else scroll.scroll(key.upArrow || key.pageUp || input === 'k', key.pageUp || key.pageDown);
      }
    } else if (is('add.submit')) submit();
    else if (is('add.useHost') && cut) edit(urlHost ?? cut.text);
  });

  return (
    <Box flexDirection="column">
      <Text bold wrap="truncate-end">
        Add a custom domain to {title}
      </Text>
      {planWarning ? <Paragraph color={tone('warn')}>{planWarning}</Paragraph> : null}
      <Text> </Text>
      {inBatch ? (
        // Once added, the list is one line: a long paste would take the results' room (and push
        // the summary off the screen); e shows it whole again, as typed.
        <Box>
          <Box width={FIELD_INDENT} flexShrink={0}>
            <Text>Host name</Text>
          </Box>
          <Text wrap="truncate-end">
            {batch.results?.length ?? 0} host names · {visible(value.trim().replace(/\s+/g, ' '))}
          </Text>
        </Box>
      ) : (
        <TextField
          id="add.hostname"
          label="Host name"
          value={value}
          onChange={edit}
          lines={{ max: FIELD_MAX_LINES, columns: columns - FIELD_INDENT }}
        />
      )}
      <Box marginLeft={FIELD_INDENT}>
        {/* Once the list is being added, its results say what each host came to: what Enter
            would do with it no longer applies (and its lines are the results' room). */}
        {nameRefused || inBatch ? null : (
          <HostCheck
            value={value}
            check={check}
            list={list}
            several={several}
            urls={cut?.urls ?? 0}
            urlHost={urlHost}
            registered={registered}
          />
        )}
      </Box>
      <Text> </Text>
      {inBatch && batch.results ? (
        <Box flexDirection="column">
          <AddManyResults
            results={batch.results}
            running={batch.running}
            height={resultsHeight}
            back={scroll.back}
          />
          {notice ? (
            <Box flexDirection="column">
              <Paragraph color={tone(notice.ok ? 'ok' : 'error')}>{visible(notice.text)}</Paragraph>
              {/* Nothing took the snippet: here it is, to select by hand. */}
              {notice.select?.map((line, i) => (
                <Text key={i}>{visible(line)}</Text>
              ))}
            </Box>
          ) : batch.running ? null : (
            <Paragraph dimColor>{closing}</Paragraph>
          )}
        </Box>
      ) : state.step === 'sending' ? (
        <Loading label={`Adding ${state.hostname}…`} />
      ) : state.step === 'failed' ? (
        <ErrorView
          help={explainError(
            state.error,
            errorContext(session, { project, hostname: state.hostname }),
          )}
          actions="Edit the name and press Enter to try again · Esc back"
        />
      ) : state.step === 'refused' ? (
        <Paragraph color={tone('error')}>✗ Not sent: {state.reason}</Paragraph>
      ) : (
        <Paragraph dimColor>
          Once added, you get the three DNS records to create at your DNS provider.
        </Paragraph>
      )}
    </Box>
  );
}
