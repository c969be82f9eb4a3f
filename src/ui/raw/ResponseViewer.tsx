import { Box, Text } from 'ink';
import type { ReactNode } from 'react';
import { formatByteSize } from '../../core/byte-size.js';
import { JSON_TOKEN_COLORS } from '../../core/json-tokens.js';
import { visible } from '../../core/sanitize.js';
import { useUi } from '../app/context.js';
import type { ResponseViewer as Viewer } from './useResponseViewer.js';
import { positionOf } from './response-document.js';
import { lineRows } from './response-rows.js';
import { useTone } from '../app/theme.js';
import { TextField } from '../components/TextField.js';

/** The answer's two prompts, whose text starts in one column whichever is open. */
const PROMPT_LABELS = { search: 'Search /', jq: 'jq |' } as const;
const PROMPT_LABEL_WIDTH =
  Math.max(...Object.values(PROMPT_LABELS).map((label) => label.length)) + 1;

const byteLength = new WeakMap<object, number>();
function sizeOf(response: { text: string }): number {
  let bytes = byteLength.get(response);
  if (bytes === undefined) {
    bytes = Buffer.byteLength(response.text);
    byteLength.set(response, bytes);
  }
  return bytes;
}

/**
 * The answer of the raw screen: a status line (status, time, size, where the view is), the lines
 * in view (never more: a 5 MB answer draws as fast as a small one), and a foot line for the
 * search or jq expression being typed.
 */
export function ResponseViewer({
  viewer: hook,
  line,
  focused,
  isActive,
}: {
  viewer: Viewer;
  /** The request, as `GET /v1/regions`. */
  line: string;
  /** The answer has the focus: its cursor line is marked and its keys work. */
  focused: boolean;
  /** The screen is on top and nothing covers it (the prompt's field may take the focus). */
  isActive: boolean;
}) {
  const tone = useTone();
  const { color } = useUi();
  const { viewer, shownView: view, geometry } = hook;
  if (!viewer || !view || !geometry) return null;
  const { response, prompt, jq } = viewer;
  const { shown, doc } = view;
  const statusTone = response.status < 300 ? 'ok' : response.status < 400 ? 'warn' : 'error';

  // The lines from the top of the view until the rows are full (the last may be cut).
  const rows: ReactNode[] = [];
  const query = view.search?.query;
  const topAt = positionOf(shown, view.top);
  let last = topAt;
  for (let p = topAt; p < shown.length && rows.length < geometry.height; p++) {
    const source = shown[p] ?? 0;
    last = p;
    const folded = view.folded.has(source);
    const lineRowsOf = lineRows(doc, source, { width: hook.rowWidth, folded, query });
    lineRowsOf.forEach((segments, r) => {
      if (rows.length >= geometry.height) return;
      const mark = r === 0 && source === view.cursor && focused ? '› ' : '  ';
      rows.push(
        <Text key={`${source}:${r}`} wrap="truncate-end">
          <Text color={tone('accent')} bold>
            {mark}
          </Text>
          {segments.map((segment, i) => (
            <Text
              key={i}
              color={color && segment.kind !== 'fold' ? JSON_TOKEN_COLORS[segment.kind] : undefined}
              dimColor={segment.kind === 'fold'}
              inverse={segment.match}
            >
              {segment.text}
            </Text>
          ))}
        </Text>,
      );
    });
  }

  const lastLine = shown[last] ?? 0;
  const where =
    topAt > 0 || last < shown.length - 1
      ? ` · lines ${view.top + 1}–${(view.folded.has(lastLine) ? (doc.closeOf[lastLine] ?? lastLine) : lastLine) + 1} of ${doc.lines.length}`
      : '';
  const folds = view.folded.size ? ` · ${view.folded.size} folded` : '';
  const searchNote = view.search
    ? view.search.matches.length === 0
      ? ` · no match for "${visible(view.search.query)}"`
      : ` · match ${view.search.index + 1}/${view.search.matches.length} for "${visible(view.search.query)}"`
    : '';
  const jqNote = jq?.step === 'done' ? ` · jq ${visible(jq.expression)}` : '';

  let foot: ReactNode = null;
  if (prompt) {
    foot = (
      <TextField
        id="raw.prompt"
        label={PROMPT_LABELS[prompt.kind]}
        labelWidth={PROMPT_LABEL_WIDTH}
        value={prompt.text}
        onChange={hook.typePrompt}
        placeholder={prompt.kind === 'search' ? 'text to find' : '.domains[].domain'}
        isActive={isActive}
      />
    );
  } else if (jq?.step === 'running') {
    foot = <Text dimColor>jq {visible(jq.expression)} …</Text>;
  } else if (hook.jqError) {
    // Wrapped to the lines the viewer left it (useResponseViewer), so Ink has nothing to wrap.
    foot = <Text color={tone('error')}>{hook.jqError.join('\n')}</Text>;
  }

  return (
    <Box flexDirection="column">
      <Text wrap="truncate-end">
        <Text bold color={tone(statusTone)}>
          {response.status} {visible(response.statusText)}
        </Text>
        <Text>
          {' '}
          · {Math.round(response.ms)} ms · {formatByteSize(sizeOf(response))}
        </Text>
        <Text dimColor>
          {jqNote}
          {searchNote}
          {where}
          {folds}
        </Text>
        {/* The request last: the path field above says it too, so it is the part to cut. */}
        <Text> · {line}</Text>
      </Text>
      {rows}
      {foot}
    </Box>
  );
}
