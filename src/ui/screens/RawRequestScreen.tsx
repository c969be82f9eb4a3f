import { Box, Text, useFocusManager } from 'ink';
import { type ReactNode, useEffect, useReducer } from 'react';
import { isError } from '../../core/errors.js';
import { type PreparedRequest, prepareRequest } from '../../client/prepare-request.js';
import { matchRoute, pathnameOf } from '../../contract/match-route.js';
import { httpMethods } from '../../contract/routes.js';
import { visible } from '../../core/sanitize.js';
import { ChoiceList } from '../components/ChoiceList.js';
import { ErrorView } from '../components/ErrorView.js';
import { Loading } from '../components/Loading.js';
import { ResponseViewer } from '../components/ResponseViewer.js';
import { RouteInfo, routeInfoHeight } from '../components/RouteInfo.js';
import { TextArea, textAreaHeight } from '../components/TextArea.js';
import { TextField } from '../components/TextField.js';
import { useNavigation, useScreen, useServices, useSession, useUi } from '../context.js';
import { explainError } from '../error-help.js';
import { useAvailableKeys } from '../hooks/useAvailableKeys.js';
import { useBodyTemplate } from '../hooks/useBodyTemplate.js';
import { useExternalEditor } from '../hooks/useExternalEditor.js';
import { useKeys } from '../hooks/useKeys.js';
import { useResponseViewer } from '../hooks/useResponseViewer.js';
import { useScreenSignal } from '../hooks/useScreenClient.js';
import type { ProjectRef } from '../navigation.js';
import { hasBody, initialRawForm, rawFormReducer } from '../raw-request-form.js';
import { completions } from '../route-completion.js';
import { useTone } from '../theme.js';

/** The method list's column, and the fields' label and mark before their text. */
const METHOD_COLUMN = 12;
const LABEL_WIDTH = 6;
const FIELD_INDENT = LABEL_WIDTH + 2;

function fill(path: string, project: string | undefined): string {
  return project ? path.replaceAll('{project_id}', encodeURIComponent(project)) : path;
}

/** Why a body is not JSON, or undefined when it is. */
function jsonProblem(text: string): string | undefined {
  try {
    JSON.parse(text);
    return undefined;
  } catch (error) {
    return (error as Error).message;
  }
}

/**
 * A raw request, built and sent by the same functions as `domainctl api request`:
 * prepareRequest checks it (nothing is sent when it is wrong), executeRequest (from the
 * services) sends it. The answer is read in a viewer of its own (search, folds, jq).
 */
export function RawRequestScreen({ project }: { project?: ProjectRef }) {
  const session = useSession();
  const services = useServices();
  const signal = useScreenSignal();
  const navigate = useNavigation();
  const { isTop } = useScreen();
  const { columns: width, bodyHeight, helpOpen } = useUi();
  const { focus } = useFocusManager();
  const tone = useTone();
  const edit = useExternalEditor();
  const projectId = project?.id ?? session.project;
  const [form, dispatch] = useReducer(rawFormReducer, initialRawForm);
  const { method, path, body, revision, field, result, refused, confirming, notice } = form;
  const withBody = hasBody(form);
  const history = session.requestHistory;
  const answer = result?.step === 'done' ? result.response : undefined;

  const { match, allowed } = matchRoute(method, pathnameOf(fill(path, projectId)));
  const template = useBodyTemplate(match?.route.operationId);
  const bodyWidth = Math.max(10, width - METHOD_COLUMN - FIELD_INDENT);
  const maxBodyRows = Math.max(2, Math.min(8, Math.floor(bodyHeight / 3)));
  const bodyRows = withBody ? textAreaHeight(body, bodyWidth, maxBodyRows) : 0;
  // Lines above the answer: the title, the method list or the fields beside it (the taller),
  // the lines of notes, a blank line and the answer's status line.
  const fieldLines = 1 + routeInfoHeight(match) + 1 + (withBody ? bodyRows + 1 : 0);
  const notes = [refused, confirming, notice].filter(Boolean).length;
  const viewport = Math.max(
    3,
    bodyHeight - 1 - Math.max(httpMethods.length, fieldLines) - notes - 2,
  );
  // Two columns of margin, as the other screens' text keeps.
  const viewer = useResponseViewer(answer, { width: width - 2, height: viewport });
  const prompt = field === 'raw.response' ? viewer.viewer?.prompt : undefined;
  const inAnswer = field === 'raw.response' && answer !== undefined && !prompt && !confirming;

  useEffect(() => {
    if (!isTop || confirming) return;
    if (prompt) focus('raw.prompt');
    else if (field === 'raw.path' || field === 'raw.body') focus(field);
  }, [isTop, field, focus, prompt, confirming]);

  useAvailableKeys({
    'raw.confirm': confirming === true,
    'raw.send': !confirming && !prompt,
    'raw.back': !confirming && !prompt,
    'raw.complete': !prompt,
    'raw.history': !prompt,
    'raw.editor': withBody && !prompt,
    'raw.scroll': answer !== undefined && !confirming,
    'raw.prompt.apply': prompt !== undefined,
    'raw.prompt.cancel': prompt !== undefined,
    'raw.view.search': inAnswer,
    'raw.view.next': inAnswer && (viewer.shownView?.search?.matches.length ?? 0) > 0,
    'raw.view.toggleFold': inAnswer,
    'raw.view.fold': inAnswer,
    'raw.view.unfoldAll': inAnswer,
    'raw.view.move': inAnswer,
    'raw.view.ends': inAnswer,
    'raw.view.jq': inAnswer && answer?.json !== undefined,
  });

  const send = (confirmed: boolean) => {
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
    // A DELETE is asked about first: the path is easy to get wrong by one segment.
    if (prepared.method === 'DELETE' && !confirmed) {
      dispatch({ type: 'confirm' });
      return;
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

  const editBody = () => {
    const outcome = edit(body, '.json');
    if (!outcome.ok) {
      dispatch({ type: 'notice', text: `✗ ${outcome.message}`, tone: 'error' });
      return;
    }
    const problem = outcome.text.trim() === '' ? undefined : jsonProblem(outcome.text);
    // `vim`, not `/usr/bin/vim -u NONE`: the line says whose text it is.
    const name = outcome.editor.split(/\s+/)[0]?.split('/').at(-1) ?? outcome.editor;
    dispatch({
      type: 'bodyFromEditor',
      body: outcome.text,
      notice: problem
        ? { text: `✗ Kept as ${name} wrote it, but not JSON: ${problem}`, tone: 'error' }
        : { text: `✓ Body from ${name}`, tone: 'ok' },
    });
  };

  /** ↓ past the path or the body: the next thing down, the body or the answer. */
  const down = () => {
    if (field === 'raw.path' && withBody) dispatch({ type: 'focus', field: 'raw.body' });
    else if (answer) dispatch({ type: 'focus', field: 'raw.response' });
  };

  useKeys((is, input, key) => {
    if (confirming) {
      if (is('raw.confirm')) {
        dispatch({ type: 'cancelConfirm' });
        if (input === 'y') send(true);
      }
      return;
    }
    if (field === 'raw.response' && viewer.handleKey(is, input, key)) return;
    if (is('raw.editor') && withBody) editBody();
    else if (is('raw.back')) navigate({ type: 'pop' });
    else if (is('raw.previousField')) dispatch({ type: 'moveFocus', step: -1 });
    else if (is('raw.complete')) {
      const candidates = form.cycle ? [] : completions(path, projectId).map((c) => c.path);
      dispatch({ type: 'tab', candidates });
    } else if (is('raw.send')) {
      if (field === 'raw.method') dispatch({ type: 'chooseMethod', method });
      else if (field === 'raw.path' && withBody) dispatch({ type: 'focus', field: 'raw.body' });
      else send(false);
    } else if (is('raw.scroll')) viewer.page(key.pageUp ? -1 : 1);
    else if (is('raw.history')) {
      if (field === 'raw.method') {
        const index = httpMethods.indexOf(method) + (key.upArrow ? -1 : 1);
        const next = httpMethods[Math.max(0, Math.min(httpMethods.length - 1, index))];
        if (next) dispatch({ type: 'highlightMethod', method: next });
      } else if (field === 'raw.path') {
        if (key.downArrow && !form.recalled) down();
        else dispatch({ type: 'recall', step: key.upArrow ? -1 : 1, history });
      } else if (field === 'raw.response' && key.upArrow) {
        // ↑ on the answer's first line: back up to the form.
        dispatch({ type: 'focus', field: withBody ? 'raw.body' : 'raw.path' });
      }
      // In the body, ↑↓ are the body's own (TextArea), which calls onEdge at its first and last line.
    }
  });

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
    response = (
      <ResponseViewer
        viewer={viewer}
        line={result.line}
        focused={field === 'raw.response'}
        isActive={isTop && !helpOpen && field === 'raw.response'}
      />
    );
  }

  const fieldsActive = !confirming;
  return (
    <Box flexDirection="column">
      <Text bold>
        Raw request
        <Text dimColor> · the same code as `domainctl api request`</Text>
      </Text>
      <Box>
        <Box flexDirection="column" width={METHOD_COLUMN} flexShrink={0}>
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
            labelWidth={LABEL_WIDTH}
            value={path}
            revision={revision}
            onChange={(value) => dispatch({ type: 'typePath', path: value })}
            placeholder="/v1/…"
            isActive={fieldsActive && field === 'raw.path'}
          />
          <Box marginLeft={FIELD_INDENT} flexDirection="column">
            <RouteInfo
              path={path}
              method={method}
              match={match}
              allowed={allowed}
              candidates={candidates}
              nothingToComplete={form.nothingToComplete === true}
            />
          </Box>
          {withBody ? (
            <>
              <TextArea
                id="raw.body"
                label="Body"
                labelWidth={LABEL_WIDTH}
                value={body}
                revision={revision}
                onChange={(value) => dispatch({ type: 'typeBody', body: value })}
                placeholder={template ?? '{…}'}
                isActive={fieldsActive && field === 'raw.body'}
                width={bodyWidth}
                maxRows={maxBodyRows}
                onEdge={(step) => {
                  if (step < 0) dispatch({ type: 'focus', field: 'raw.path' });
                  else down();
                }}
              />
              <Box marginLeft={FIELD_INDENT}>{bodyCheck}</Box>
            </>
          ) : null}
        </Box>
      </Box>
      {refused ? (
        <Text color={tone('error')} wrap="truncate-end">
          ✗ Not sent: {visible(refused)}
        </Text>
      ) : null}
      {confirming ? (
        <Text color={tone('warn')} wrap="truncate-end">
          ? Send DELETE {visible(fill(path, projectId))}? y sends it · n or Esc does not
        </Text>
      ) : null}
      {notice ? (
        <Text color={tone(notice.tone)} wrap="truncate-end">
          {visible(notice.text)}
        </Text>
      ) : null}
      <Text> </Text>
      {response}
    </Box>
  );
}
