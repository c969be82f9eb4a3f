import { Box, Text, useFocusManager } from 'ink';
import { useEffect, useReducer, useState } from 'react';
import { matchRoute, pathnameOf } from '../../contract/match-route.js';
import { type HttpMethod, httpMethods } from '../../contract/routes.js';
import { visible } from '../../core/sanitize.js';
import { MethodPicker } from './MethodPicker.js';
import { RawAnswerArea } from './RawAnswerArea.js';
import { FIELD_INDENT, RawFields } from './RawFields.js';
import { routeInfoHeight } from './RouteInfo.js';
import { textAreaHeight } from '../components/TextArea.js';
import { TextField } from '../components/TextField.js';
import { useNavigation, useScreen, useSession, useSessionControl, useUi } from '../app/context.js';
import { wrapWords } from '../components/format.js';
import { useAvailableKeys } from '../app/useAvailableKeys.js';
import { useBodyTemplate } from './useBodyTemplate.js';
import { useKeys } from '../input/useKeys.js';
import { useRawActions } from './useRawActions.js';
import { useResponseViewer } from './useResponseViewer.js';
import type { ProjectRef } from '../app/navigation.js';
import { hasBody, initialRawForm, type RawField, rawFormReducer } from './raw-request-form.js';
import { completions } from './route-completion.js';
import { useTone } from '../app/theme.js';
import { Paragraph } from '../components/Paragraph.js';

/** The method list's column: the fields stand beside it. */
const METHOD_COLUMN = 12;

/** The method after `current` whose name starts with `letter` (P goes POST, PATCH, PUT, POST…). */
function nextByLetter(current: HttpMethod, letter: string): HttpMethod | undefined {
  const start = httpMethods.indexOf(current);
  for (let step = 1; step <= httpMethods.length; step++) {
    const method = httpMethods[(start + step) % httpMethods.length];
    if (method?.startsWith(letter.toUpperCase())) return method;
  }
  return undefined;
}

function fill(path: string, project: string | undefined): string {
  return project ? path.replaceAll('{project_id}', encodeURIComponent(project)) : path;
}

/**
 * A raw request, built and sent by the same functions as `domainctl api request`:
 * prepareRequest checks it (nothing is sent when it is wrong), executeRequest (from the
 * services) sends it. The answer is read in a viewer of its own (search, folds, jq).
 */
export function RawRequestScreen({ project }: { project?: ProjectRef }) {
  const session = useSession();
  const navigate = useNavigation();
  const { isTop } = useScreen();
  const { columns: width, bodyHeight, helpOpen } = useUi();
  const { focus } = useFocusManager();
  const tone = useTone();
  const projectId = project?.id ?? session.project;
  // Tab completes the IDs of the projects this session has seen, the current one first.
  const { projects } = useSessionControl();
  const complete = () => completions(path, projectId, method, [...projects.keys()]);
  const [form, dispatch] = useReducer(rawFormReducer, initialRawForm);
  // Bumped when a first letter or a digit puts the method list's cursor somewhere: the list keeps
  // its own.
  const [letterJumps, setLetterJumps] = useState(0);
  const { method, path, headers, body, revision, field, result, refused, confirming, notice } =
    form;
  const { picker, saveAs } = form;
  const withBody = hasBody(form);
  const answer = result?.step === 'done' ? result.response : undefined;

  const { match, allowed } = matchRoute(method, pathnameOf(fill(path, projectId)));
  const template = useBodyTemplate(match?.route.operationId);
  const areaWidth = Math.max(10, width - METHOD_COLUMN - FIELD_INDENT);
  const maxBodyRows = Math.max(2, Math.min(8, Math.floor(bodyHeight / 3)));
  // The path wraps in its field (a long query string): every line it takes is the answer's less.
  const pathRows = textAreaHeight(path, areaWidth, Number.MAX_SAFE_INTEGER);
  const headerRows = textAreaHeight(headers, areaWidth, 3);
  const bodyRows = withBody ? textAreaHeight(body, areaWidth, maxBodyRows) : 0;
  // Lines above the answer: the title, the method list or the fields beside it (the taller),
  // the lines of notes, a blank line and the answer's status line.
  const fieldLines =
    pathRows +
    routeInfoHeight(path, method, match, allowed, areaWidth) +
    headerRows +
    (withBody ? bodyRows + 1 : 0);
  // A note is wrapped, never cut: its end is often the command to type (`--no-read-only`, the
  // `--saved` line), and the answer gives up the lines it takes.
  const refusedLines = refused ? wrapWords(`✗ Not sent: ${visible(refused)}`, width) : [];
  const confirmLines = confirming
    ? wrapWords(
        `? Send DELETE ${visible(fill(path, projectId))}? y sends it · n or Esc does not`,
        width,
      )
    : [];
  const noticeLines = notice ? wrapWords(visible(notice.text), width) : [];
  const notes =
    refusedLines.length + confirmLines.length + noticeLines.length + (saveAs !== undefined ? 1 : 0);
  const viewport = Math.max(
    3,
    bodyHeight - 1 - Math.max(httpMethods.length, fieldLines) - notes - 2,
  );
  // Two columns of margin, as the other screens' text keeps.
  const viewer = useResponseViewer(answer, { width: width - 2, height: viewport });
  const jq = viewer.viewer?.jq?.step === 'done' ? viewer.viewer.jq.expression : undefined;
  const actions = useRawActions(form, dispatch, { project: projectId, jq });
  const prompt = field === 'raw.response' ? viewer.viewer?.prompt : undefined;
  const busy = confirming === true || picker !== undefined || saveAs !== undefined;
  const inAnswer = field === 'raw.response' && answer !== undefined && !prompt && !busy;
  const outOfFields = (field === 'raw.method' || inAnswer) && !busy;

  useEffect(() => {
    if (!isTop || confirming || picker) return;
    if (saveAs !== undefined) focus('raw.saveAs');
    else if (prompt) focus('raw.prompt');
    else if (field === 'raw.path' || field === 'raw.headers' || field === 'raw.body') focus(field);
  }, [isTop, field, focus, prompt, confirming, picker, saveAs]);

  const naming = saveAs !== undefined;
  // Enter, Tab and ↑↓ mean one thing in each field: the footer and the help name that one.
  const free = !busy && !prompt;
  const inPath = free && field === 'raw.path';
  const inMethods = !busy && field === 'raw.method';
  const walksHistory = actions.history.length > 0 || form.recalled !== undefined;
  useAvailableKeys({
    'raw.confirm': confirming === true,
    'raw.send': free && field !== 'raw.method' && !(field === 'raw.path' && withBody),
    'raw.toBody': inPath && withBody,
    'raw.method.choose': inMethods,
    'raw.method.move': inMethods,
    'raw.method.letter': inMethods,
    'raw.back': free,
    'raw.complete': inPath,
    'raw.nextField': free && field !== 'raw.path',
    'raw.history': inPath && walksHistory,
    'raw.lines':
      free && (field === 'raw.headers' || field === 'raw.body' || (inPath && !walksHistory)),
    // A prompt in the answer (search, jq) takes every key but Enter and Esc.
    'raw.openHistory': free,
    'raw.openSaved': free,
    'raw.save': free,
    'raw.copyCommand': outOfFields,
    'raw.copyCurl': outOfFields,
    'raw.editor': withBody && !busy && !prompt,
    'raw.scroll': answer !== undefined && free,
    'raw.prompt.apply': prompt !== undefined || naming,
    'raw.prompt.cancel': prompt !== undefined || naming,
    'raw.pick.move': picker !== undefined,
    'raw.pick.choose': picker !== undefined,
    'raw.pick.filter': picker !== undefined,
    'raw.pick.close': picker !== undefined,
    'raw.view.search': inAnswer,
    'raw.view.next': inAnswer && (viewer.shownView?.search?.matches.length ?? 0) > 0,
    'raw.view.toggleFold': inAnswer,
    'raw.view.fold': inAnswer,
    'raw.view.unfoldAll': inAnswer,
    'raw.view.move': inAnswer,
    'raw.view.ends': inAnswer,
    'raw.view.jq': inAnswer && answer?.json !== undefined,
  });

  /** ↓ past a field's last line: the next thing down (headers, body, the answer). */
  const below = (from: RawField) => {
    const order: RawField[] = ['raw.path', 'raw.headers'];
    if (withBody) order.push('raw.body');
    if (answer) order.push('raw.response');
    const next = order[order.indexOf(from) + 1];
    if (next) dispatch({ type: 'focus', field: next });
  };
  const above = (from: RawField) => {
    const order: RawField[] = [
      'raw.path',
      'raw.headers',
      ...(withBody ? ['raw.body' as const] : []),
    ];
    const at = from === 'raw.response' ? order.length : order.indexOf(from);
    const next = order[at - 1];
    if (next) dispatch({ type: 'focus', field: next });
  };

  useKeys((is, input, key) => {
    // The list's own keys are RequestPicker's.
    if (picker) return;
    if (confirming) {
      if (is('raw.confirm')) {
        dispatch({ type: 'cancelConfirm' });
        if (input === 'y') actions.send(true);
      }
      return;
    }
    if (naming) {
      if (is('raw.prompt.apply')) actions.save(saveAs.trim());
      else if (is('raw.prompt.cancel')) dispatch({ type: 'saveAs', name: undefined });
      return;
    }
    if (field === 'raw.response' && viewer.handleKey(is, input, key)) return;
    if (is('raw.openHistory')) dispatch({ type: 'openPicker', picker: 'history' });
    else if (is('raw.openSaved')) dispatch({ type: 'openPicker', picker: 'saved' });
    else if (is('raw.save')) {
      if (path === '') dispatch({ type: 'refused', message: 'type a path before saving' });
      else dispatch({ type: 'saveAs', name: '' });
    } else if (is('raw.copyCommand')) actions.copyCommand();
    else if (is('raw.copyCurl')) actions.copyCurl();
    else if (is('raw.editor') && withBody) actions.editBody();
    else if (is('raw.back')) navigate({ type: 'pop' });
    else if (is('raw.previousField')) dispatch({ type: 'moveFocus', step: -1 });
    else if (field === 'raw.path' && is('raw.complete')) {
      const candidates = form.cycle ? [] : complete().map((c) => c.path);
      dispatch({ type: 'tab', candidates });
    } else if (is('raw.nextField')) dispatch({ type: 'moveFocus', step: 1 });
    // The method list's ↑↓ j k and Enter are ink-select-input's own (MethodPicker).
    else if (field === 'raw.method' && is('raw.method.letter')) {
      const next = nextByLetter(method, input);
      if (next) {
        dispatch({ type: 'highlightMethod', method: next });
        setLetterJumps((n) => n + 1);
      }
    } else if (field === 'raw.path' && withBody && is('raw.toBody')) {
      dispatch({ type: 'focus', field: 'raw.body' });
    } else if (field !== 'raw.method' && is('raw.send')) actions.send(false);
    else if (is('raw.scroll')) viewer.page(key.pageUp ? -1 : 1);
    else if (field === 'raw.path' && is('raw.history')) {
      if (key.downArrow && !form.recalled) below('raw.path');
      else dispatch({ type: 'recall', step: key.upArrow ? -1 : 1, history: actions.history });
    } else if (field === 'raw.response' && key.upArrow && is('raw.view.move')) {
      // ↑ on the answer's first line (the viewer did not take it): back up to the form.
      above('raw.response');
    }
    // In the headers and the body, ↑↓ are the field's own (TextArea), which calls onEdge at
    // its first and last line.
  });

  const candidates = form.cycle ? form.cycle.candidates : complete().map((c) => c.path);
  return (
    <Box flexDirection="column">
      <Paragraph bold>
        Raw request
        <Text dimColor> · the same code as `domainctl api request`</Text>
      </Paragraph>
      <Box>
        <Box flexDirection="column" width={METHOD_COLUMN} flexShrink={0}>
          <MethodPicker
            method={method}
            jump={`${revision}:${letterJumps}`}
            isFocused={isTop && !helpOpen && inMethods}
            onHighlight={(next) => dispatch({ type: 'highlightMethod', method: next })}
            onSelect={(chosen) => {
              dispatch({ type: 'chooseMethod', method: chosen });
              // A digit picks an item without moving the list's own cursor: it starts again there.
              setLetterJumps((n) => n + 1);
            }}
          />
        </Box>
        <RawFields
          form={form}
          dispatch={dispatch}
          match={match}
          allowed={allowed}
          candidates={candidates}
          bodyPlaceholder={template ?? '{…}'}
          width={areaWidth}
          maxBodyRows={maxBodyRows}
          isActive={!busy}
          onPaste={actions.paste}
          onEdge={(from, step) => (step < 0 ? above(from) : below(from))}
        />
      </Box>
      {refusedLines.length ? <Text color={tone('error')}>{refusedLines.join('\n')}</Text> : null}
      {confirmLines.length ? <Text color={tone('warn')}>{confirmLines.join('\n')}</Text> : null}
      {naming ? (
        <TextField
          id="raw.saveAs"
          // Its width is the label's own (TextField's default): no number to keep in step.
          label="Save as"
          value={saveAs}
          onChange={(value) => dispatch({ type: 'saveAs', name: value })}
          placeholder="a name: letters, digits, . _ - (Enter saves, Esc does not)"
        />
      ) : null}
      {notice ? <Text color={tone(notice.tone)}>{noticeLines.join('\n')}</Text> : null}
      <Text> </Text>
      <RawAnswerArea
        form={form}
        viewer={viewer}
        height={viewport}
        isActive={isTop && !helpOpen}
        onLoad={actions.load}
        onCloseList={() => dispatch({ type: 'closePicker' })}
      />
    </Box>
  );
}
