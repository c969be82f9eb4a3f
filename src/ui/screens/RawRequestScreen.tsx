import { Box, Text, useFocusManager } from 'ink';
import SelectInput from 'ink-select-input';
import { type ReactNode, useEffect, useState } from 'react';
import { MissingCredentialsError, RequestInputError } from '../../client/errors.js';
import type { RawResponse } from '../../client/execute-request.js';
import { prepareRequest } from '../../client/prepare-request.js';
import { matchRoute, pathnameOf } from '../../contract/match-route.js';
import { type HttpMethod, httpMethods } from '../../contract/routes.js';
import { ErrorView } from '../components/ErrorView.js';
import { Loading } from '../components/Loading.js';
import { TextField } from '../components/TextField.js';
import { useNavigation, useScreen, useServices, useSession, useUi } from '../context.js';
import { explainError } from '../error-help.js';
import { wrapHard } from '../format.js';
import { useKeys } from '../hooks/useKeys.js';
import type { ProjectRef } from '../navigation.js';
import { completions, longestCommonPrefix, type PathCandidate } from '../route-completion.js';
import { useTone } from '../theme.js';

type Field = 'raw.method' | 'raw.path' | 'raw.body' | 'raw.response';

type Result =
  | { step: 'sending'; line: string }
  | { step: 'done'; line: string; response: RawResponse }
  | { step: 'failed'; line: string; error: unknown };

function MethodPointer({ isSelected }: { isSelected?: boolean }) {
  return <Text bold>{isSelected ? '› ' : '  '}</Text>;
}
function ChosenMark({ isSelected }: { isSelected?: boolean }) {
  return <Text>{isSelected ? '• ' : '  '}</Text>;
}
function MethodItem({ isSelected, label }: { isSelected?: boolean; label: string }) {
  return (
    <Text bold={isSelected} dimColor={!isSelected}>
      {label}
    </Text>
  );
}

const METHODS_WITH_BODY: readonly HttpMethod[] = ['POST', 'PUT', 'PATCH'];
const methodItems = httpMethods.map((m) => ({ label: m, value: m }));

function fill(path: string, project: string | undefined): string {
  return project ? path.replaceAll('{project_id}', project) : path;
}

function bodyLines(response: RawResponse): string[] {
  if (response.json !== undefined) return JSON.stringify(response.json, null, 2).split('\n');
  if (response.text === '') return ['(empty body)'];
  return response.text.split('\n');
}

/**
 * A raw request, built and sent by the same functions as `domainctl api request`:
 * prepareRequest checks it (nothing is sent when it is wrong), executeRequest (from the
 * services) sends it.
 */
export function RawRequestScreen({ project }: { project?: ProjectRef }) {
  const session = useSession();
  const services = useServices();
  const navigate = useNavigation();
  const { isTop } = useScreen();
  const { helpOpen, columns: width, bodyHeight } = useUi();
  const { focus } = useFocusManager();
  const tone = useTone();
  const projectId = project?.id ?? session.project;
  const [method, setMethod] = useState<HttpMethod>('GET');
  const [path, setPath] = useState('');
  const [body, setBody] = useState('');
  const [revision, setRevision] = useState(0);
  const [field, setField] = useState<Field>('raw.path');
  const [cycle, setCycle] = useState<{ candidates: PathCandidate[]; index: number }>();
  const [historyIndex, setHistoryIndex] = useState<number>();
  const [draft, setDraft] = useState({ method, path, body });
  const [result, setResult] = useState<Result>();
  const [refused, setRefused] = useState<string>();
  const [scroll, setScroll] = useState(0);
  const hasBody = METHODS_WITH_BODY.includes(method);
  const history = session.requestHistory;

  const fields: Field[] = [
    'raw.method',
    'raw.path',
    ...(hasBody ? (['raw.body'] as const) : []),
    ...(result?.step === 'done' ? (['raw.response'] as const) : []),
  ];

  useEffect(() => {
    if (!isTop) return;
    if (field === 'raw.path' || field === 'raw.body') focus(field);
  }, [isTop, field, focus]);

  const moveField = (step: 1 | -1) => {
    const index = fields.indexOf(field);
    const next = fields[(index + step + fields.length) % fields.length];
    if (next) setField(next);
  };

  const replacePath = (next: string) => {
    setPath(next);
    setRevision((r) => r + 1);
    setRefused(undefined);
  };

  /** Tab in the path field: the common part of the routes that fit, then each of them in turn. */
  const complete = (): boolean => {
    if (cycle) {
      const index = (cycle.index + 1) % cycle.candidates.length;
      setCycle({ ...cycle, index });
      replacePath(cycle.candidates[index]?.path ?? path);
      return true;
    }
    const candidates = completions(path, projectId);
    if (candidates.length === 0) return false;
    const prefix = longestCommonPrefix(candidates.map((c) => c.path));
    if (prefix.length > path.length) {
      replacePath(prefix);
      return true;
    }
    setCycle({ candidates, index: 0 });
    replacePath(candidates[0]?.path ?? path);
    return true;
  };

  const recall = (step: -1 | 1) => {
    if (history.length === 0) return;
    let index: number | undefined;
    if (historyIndex === undefined) {
      if (step === 1) return;
      setDraft({ method, path, body });
      index = history.length - 1;
    } else {
      index = historyIndex + step;
    }
    if (index >= history.length) {
      setHistoryIndex(undefined);
      setMethod(draft.method);
      setBody(draft.body);
      replacePath(draft.path);
      return;
    }
    index = Math.max(0, index);
    const entry = history[index];
    if (!entry) return;
    setHistoryIndex(index);
    setMethod(entry.method);
    setBody(entry.body);
    replacePath(entry.path);
  };

  const send = () => {
    if (result?.step === 'sending') return;
    let prepared: ReturnType<typeof prepareRequest>;
    try {
      prepared = prepareRequest({
        method,
        path,
        data: hasBody && body.trim() !== '' ? body : undefined,
        project: projectId,
        org: session.org,
        baseUrl: session.baseUrl,
        token: session.token,
      });
    } catch (error) {
      if (error instanceof RequestInputError || error instanceof MissingCredentialsError) {
        setRefused(error.message);
        return;
      }
      throw error;
    }
    setRefused(undefined);
    const last = history.at(-1);
    if (!last || last.method !== method || last.path !== path || last.body !== body) {
      history.push({ method, path, body });
    }
    setHistoryIndex(undefined);
    const line = `${prepared.method} ${prepared.path}`;
    setResult({ step: 'sending', line });
    setScroll(0);
    services.executeRequest(prepared).then(
      (response) => setResult({ step: 'done', line, response }),
      (error: unknown) => setResult({ step: 'failed', line, error }),
    );
  };

  const { match, allowed } = matchRoute(method, pathnameOf(fill(path, projectId)));
  const routeInfoLines =
    match && (Object.keys(match.params).length > 0 || match.warnings.length > 0) ? 2 : 1;
  const responseLines =
    result?.step === 'done'
      ? bodyLines(result.response).flatMap((l) => wrapHard(l, Math.max(10, width - 2)))
      : [];
  // Lines above the response: the title, the method list or the fields beside it (the taller),
  // the refusal if any, a blank line and the status line.
  const fieldLines = 1 + routeInfoLines + 1 + (hasBody ? 2 : 0);
  const viewport = Math.max(
    3,
    bodyHeight - 1 - Math.max(methodItems.length, fieldLines) - (refused ? 1 : 0) - 2,
  );
  const maxScroll = Math.max(0, responseLines.length - viewport);
  const scrollBy = (n: number) => setScroll((s) => Math.max(0, Math.min(maxScroll, s + n)));

  useKeys((is, _input, key) => {
    if (is('raw.back')) navigate({ type: 'pop' });
    else if (is('raw.previousField')) moveField(-1);
    else if (is('raw.complete')) {
      if (field === 'raw.path' && complete()) return;
      moveField(1);
    } else if (is('raw.send')) {
      // On the method picker Enter picks the method (ink-select-input's onSelect).
      if (field === 'raw.method') return;
      if (field === 'raw.path' && hasBody) setField('raw.body');
      else send();
    } else if (is('raw.scroll')) scrollBy(key.pageUp ? -viewport : viewport);
    else if (is('raw.history')) {
      if (field === 'raw.path' || field === 'raw.body') recall(key.upArrow ? -1 : 1);
      else if (field === 'raw.response') scrollBy(key.upArrow ? -1 : 1);
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
            {[...params, ...match.warnings.map((w) => `! ${w}`)].join(' · ')}
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
  const candidates = cycle ? cycle.candidates : completions(path, projectId);
  let bodyCheck: ReactNode = null;
  if (hasBody) {
    if (body.trim() === '') bodyCheck = <Text dimColor>no body; type JSON to send one</Text>;
    else {
      try {
        JSON.parse(body);
        bodyCheck = <Text color={tone('ok')}>✓ valid JSON</Text>;
      } catch (error) {
        bodyCheck = <Text color={tone('error')}>✗ not JSON: {(error as Error).message}</Text>;
      }
    }
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
        })}
      />
    );
  } else if (result?.step === 'done') {
    const { status, statusText, ms } = result.response;
    const statusTone = status < 300 ? 'ok' : status < 400 ? 'warn' : 'error';
    const top = Math.min(scroll, maxScroll);
    response = (
      <Box flexDirection="column">
        <Text wrap="truncate-end">
          <Text bold color={tone(statusTone)}>
            {status} {statusText}
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
          // biome-ignore lint/suspicious/noArrayIndexKey: lines of a text, in order
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
          <SelectInput
            items={methodItems}
            isFocused={isTop && !helpOpen && field === 'raw.method'}
            indicatorComponent={field === 'raw.method' ? MethodPointer : ChosenMark}
            itemComponent={MethodItem}
            initialIndex={httpMethods.indexOf(method)}
            key={revision}
            onHighlight={(item) => setMethod(item.value)}
            onSelect={(item) => {
              setMethod(item.value);
              setField('raw.path');
            }}
          />
        </Box>
        <Box flexDirection="column" flexGrow={1}>
          <TextField
            id="raw.path"
            label="Path"
            labelWidth={6}
            value={path}
            revision={revision}
            onChange={(value) => {
              setPath(value);
              setCycle(undefined);
              setRefused(undefined);
            }}
            placeholder="/v1/…"
            isActive={field === 'raw.path'}
          />
          <Box marginLeft={8} flexDirection="column">
            {routeInfo}
            <Text dimColor wrap="truncate-end">
              {candidates.length > 0
                ? `Tab: ${candidates
                    .slice(0, 3)
                    .map((c) => c.path)
                    .join('  ')}${candidates.length > 3 ? `  +${candidates.length - 3}` : ''}`
                : ' '}
            </Text>
          </Box>
          {hasBody ? (
            <>
              <TextField
                id="raw.body"
                label="Body"
                labelWidth={6}
                value={body}
                revision={revision}
                onChange={(value) => {
                  setBody(value);
                  setRefused(undefined);
                }}
                placeholder='{"name": "…"}'
                isActive={field === 'raw.body'}
              />
              <Box marginLeft={8}>{bodyCheck}</Box>
            </>
          ) : null}
        </Box>
      </Box>
      {refused ? (
        <Text color={tone('error')} wrap="truncate-end">
          ✗ Not sent: {refused}
        </Text>
      ) : null}
      <Text> </Text>
      {response}
    </Box>
  );
}
