import { Box, Text, useFocusManager } from 'ink';
import { type ReactNode, useEffect, useReducer } from 'react';
import { isError } from '../../core/errors.js';
import type { RawResponse } from '../../client/execute-request.js';
import { type PreparedRequest, prepareRequest } from '../../client/prepare-request.js';
import { matchRoute, pathnameOf } from '../../contract/match-route.js';
import { httpMethods } from '../../contract/routes.js';
import { escapeJsonControls, visible } from '../../core/sanitize.js';
import { ChoiceList } from '../components/ChoiceList.js';
import { ErrorView } from '../components/ErrorView.js';
import { Loading } from '../components/Loading.js';
import { TextField } from '../components/TextField.js';
import { useNavigation, useScreen, useServices, useSession, useUi } from '../context.js';
import { explainError } from '../error-help.js';
import { wrapHard } from '../format.js';
import { useBodyTemplate } from '../hooks/useBodyTemplate.js';
import { useKeys } from '../hooks/useKeys.js';
import { useScreenSignal } from '../hooks/useScreenClient.js';
import type { ProjectRef } from '../navigation.js';
import { hasBody, initialRawForm, rawFormReducer } from '../raw-request-form.js';
import { completions } from '../route-completion.js';
import { useTone } from '../theme.js';

function fill(path: string, project: string | undefined): string {
  return project ? path.replaceAll('{project_id}', encodeURIComponent(project)) : path;
}

/**
 * The body as lines to draw: JSON formatted (C1 controls escaped as well as C0), text split at
 * its line breaks with every other control character shown as `\u001b`.
 */
function bodyLines(response: RawResponse): string[] {
  if (response.json !== undefined) {
    return escapeJsonControls(JSON.stringify(response.json, null, 2)).split('\n');
  }
  if (response.text === '') return ['(empty body)'];
  return response.text.split(/\r?\n/).map(visible);
}

/**
 * A raw request, built and sent by the same functions as `domainctl api request`:
 * prepareRequest checks it (nothing is sent when it is wrong), executeRequest (from the
 * services) sends it.
 */
/** Why a body is not JSON, or undefined when it is. */
function jsonProblem(text: string): string | undefined {
  try {
    JSON.parse(text);
    return undefined;
  } catch (error) {
    return (error as Error).message;
  }
}

export function RawRequestScreen({ project }: { project?: ProjectRef }) {
  const session = useSession();
  const services = useServices();
  const signal = useScreenSignal();
  const navigate = useNavigation();
  const { isTop } = useScreen();
  const { columns: width, bodyHeight } = useUi();
  const { focus } = useFocusManager();
  const tone = useTone();
  const projectId = project?.id ?? session.project;
  const [form, dispatch] = useReducer(rawFormReducer, initialRawForm);
  const { method, path, body, revision, field, result, refused } = form;
  const withBody = hasBody(form);
  const history = session.requestHistory;

  useEffect(() => {
    if (!isTop) return;
    if (field === 'raw.path' || field === 'raw.body') focus(field);
  }, [isTop, field, focus]);

  const send = () => {
    if (result?.step === 'sending') return;
    let prepared: PreparedRequest;
    try {
      prepared = prepareRequest({
        method,
        path,
        data: withBody && body.trim() !== '' ? body : undefined,
        project: projectId,
        org: session.org,
        baseUrl: session.baseUrl,
        token: session.token,
      });
    } catch (error) {
      if (isError(error, 'RequestInputError', 'MissingCredentialsError')) {
        dispatch({ type: 'refused', message: error.message });
        return;
      }
      throw error;
    }
    const last = history.at(-1);
    if (!last || last.method !== method || last.path !== path || last.body !== body) {
      history.push({ method, path, body });
    }
    const id = form.sends + 1;
    dispatch({ type: 'sending', line: `${prepared.method} ${prepared.path}` });
    services.executeRequest(prepared, signal).then(
      (response) => dispatch({ type: 'answered', id, response }),
      (error: unknown) => dispatch({ type: 'failed', id, error }),
    );
  };

  const { match, allowed } = matchRoute(method, pathnameOf(fill(path, projectId)));
  const template = useBodyTemplate(match?.route.operationId);
  const routeInfoLines =
    match && (Object.keys(match.params).length > 0 || match.warnings.length > 0) ? 2 : 1;
  const responseLines =
    result?.step === 'done'
      ? bodyLines(result.response).flatMap((l) => wrapHard(l, Math.max(10, width - 2)))
      : [];
  // Lines above the response: the title, the method list or the fields beside it (the taller),
  // the refusal if any, a blank line and the status line.
  const fieldLines = 1 + routeInfoLines + 1 + (withBody ? 2 : 0);
  const viewport = Math.max(
    3,
    bodyHeight - 1 - Math.max(httpMethods.length, fieldLines) - (refused ? 1 : 0) - 2,
  );
  const maxScroll = Math.max(0, responseLines.length - viewport);
  const scrollBy = (by: number) => dispatch({ type: 'scroll', by, max: maxScroll });

  useKeys((is, _input, key) => {
    if (is('raw.back')) navigate({ type: 'pop' });
    else if (is('raw.previousField')) dispatch({ type: 'moveFocus', step: -1 });
    else if (is('raw.complete')) {
      const candidates = form.cycle ? [] : completions(path, projectId).map((c) => c.path);
      dispatch({ type: 'tab', candidates });
    } else if (is('raw.send')) {
      if (field === 'raw.method') dispatch({ type: 'chooseMethod', method });
      else if (field === 'raw.path' && withBody) dispatch({ type: 'focus', field: 'raw.body' });
      else send();
    } else if (is('raw.scroll')) scrollBy(key.pageUp ? -viewport : viewport);
    else if (is('raw.history')) {
      if (field === 'raw.method') {
        const index = httpMethods.indexOf(method) + (key.upArrow ? -1 : 1);
        const next = httpMethods[Math.max(0, Math.min(httpMethods.length - 1, index))];
        if (next) dispatch({ type: 'highlightMethod', method: next });
      } else if (field === 'raw.path' || field === 'raw.body') {
        dispatch({ type: 'recall', step: key.upArrow ? -1 : 1, history });
      } else if (field === 'raw.response') scrollBy(key.upArrow ? -1 : 1);
    }
  });

  // What the typed path reaches, live.
  let routeInfo: ReactNode;
  if (path === '') {
    routeInfo = <Text dimColor>Type a path; Tab completes it from the API's routes.</Text>;
  } else if (match) {
    const params = Object.entries(match.params).map(([name, value]) => `${name} = ${value}`);
    routeInfo = (
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
    routeInfo = (
      <Text color={tone('warn')} wrap="truncate-end">
        ! {method} is not a method of this path: it takes {allowed.join(', ')} (the API answers 405)
      </Text>
    );
  } else {
    routeInfo = (
      <Text color={tone('warn')} wrap="truncate-end">
        ! No route of the API matches: it is sent as typed (likely a 404)
      </Text>
    );
  }
  const candidates = form.cycle
    ? form.cycle.candidates
    : completions(path, projectId).map((c) => c.path);
  let bodyCheck: ReactNode = null;
  if (withBody) {
    const problem = body.trim() === '' ? undefined : jsonProblem(body);
    if (body.trim() === '') bodyCheck = <Text dimColor>no body; type JSON to send one</Text>;
    else if (problem) bodyCheck = <Text color={tone('error')}>✗ not JSON: {problem}</Text>;
    else bodyCheck = <Text color={tone('ok')}>✓ valid JSON</Text>;
  }

  let response: ReactNode = null;
  if (result?.step === 'sending') {
    response = <Loading label={`Sending ${result.line}…`} />;
  } else if (result?.step === 'failed') {
    response = (
      <ErrorView
        help={explainError(result.error, {
          profileName: session.profileName,
          baseUrl: session.baseUrl,
          tokenOrigin: session.tokenOrigin,
          baseUrlSource: session.baseUrlSource,
        })}
      />
    );
  } else if (result?.step === 'done') {
    const { status, statusText, ms } = result.response;
    const statusTone = status < 300 ? 'ok' : status < 400 ? 'warn' : 'error';
    const top = Math.min(form.scroll, maxScroll);
    response = (
      <Box flexDirection="column">
        <Text wrap="truncate-end">
          <Text bold color={tone(statusTone)}>
            {status} {visible(statusText)}
          </Text>
          <Text>
            {' '}
            · {Math.round(ms)} ms · {result.line}
          </Text>
          <Text dimColor>
            {field === 'raw.response' ? ' · ↑↓ scroll' : ''}
            {responseLines.length > viewport
              ? ` · lines ${top + 1}–${Math.min(responseLines.length, top + viewport)} of ${responseLines.length}`
              : ''}
          </Text>
        </Text>
        {responseLines.slice(top, top + viewport).map((line, i) => (
          // The lines of one text, in order: the index is their identity.
          <Text key={top + i}>{line}</Text>
        ))}
      </Box>
    );
  }

  return (
    <Box flexDirection="column">
      <Text bold>
        Raw request
        <Text dimColor> · the same code as `domainctl api request`</Text>
      </Text>
      <Box>
        <Box flexDirection="column" width={12} flexShrink={0}>
          <ChoiceList
            labels={httpMethods}
            selected={httpMethods.indexOf(method)}
            focused={field === 'raw.method'}
            chosenMark="• "
            dimOthers
          />
        </Box>
        <Box flexDirection="column" flexGrow={1}>
          <TextField
            id="raw.path"
            label="Path"
            labelWidth={6}
            value={path}
            revision={revision}
            onChange={(value) => dispatch({ type: 'typePath', path: value })}
            placeholder="/v1/…"
            isActive={field === 'raw.path'}
          />
          <Box marginLeft={8} flexDirection="column">
            {routeInfo}
            <Text dimColor wrap="truncate-end">
              {candidates.length > 0
                ? `Tab: ${candidates.slice(0, 3).join('  ')}${candidates.length > 3 ? `  +${candidates.length - 3}` : ''}`
                : form.nothingToComplete
                  ? 'Tab: no route of the API goes on from this path'
                  : ' '}
            </Text>
          </Box>
          {withBody ? (
            <>
              <TextField
                id="raw.body"
                label="Body"
                labelWidth={6}
                value={body}
                revision={revision}
                onChange={(value) => dispatch({ type: 'typeBody', body: value })}
                placeholder={template ?? '{…}'}
                isActive={field === 'raw.body'}
              />
              <Box marginLeft={8}>{bodyCheck}</Box>
            </>
          ) : null}
        </Box>
      </Box>
      {refused ? (
        <Text color={tone('error')} wrap="truncate-end">
          ✗ Not sent: {visible(refused)}
        </Text>
      ) : null}
      <Text> </Text>
      {response}
    </Box>
  );
}
