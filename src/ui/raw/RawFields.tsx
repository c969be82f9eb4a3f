import { Box } from 'ink';
import type { Dispatch } from 'react';
import type { RouteMatch } from '../../contract/match-route.js';
import { isPastedCommand } from '../../core/pasted-request.js';
import { isSensitiveHeader, printableHeaderLine } from '../../core/mask.js';
import { headerName } from '../../core/request-spec.js';
import { Paragraph } from '../components/Paragraph.js';
import { TextArea } from '../components/TextArea.js';
import { TextField } from '../components/TextField.js';
import { useTone } from '../app/theme.js';
import { RouteInfo } from './RouteInfo.js';
import { hasBody, type RawField, type RawForm, type RawFormAction } from './raw-request-form.js';
import { jsonProblem } from './useRawActions.js';

/** The fields' label and the mark before their text: what is under the path lines up with it. */
export const LABEL_WIDTH = 8;
export const FIELD_INDENT = LABEL_WIDTH + 2;

/** A header line as the form shows it: a credential-looking value masked as --debug masks it. */
const maskedHeaderLine = (line: string) =>
  isSensitiveHeader(headerName(line)) ? printableHeaderLine(line) : line;

/** Under the body: whether what is typed is JSON, before Enter sends it. */
function BodyCheck({ body }: { body: string }) {
  const tone = useTone();
  if (body.trim() === '') return <Paragraph dimColor>no body; type JSON to send one</Paragraph>;
  const problem = jsonProblem(body);
  if (problem) return <Paragraph color={tone('error')}>✗ not JSON: {problem}</Paragraph>;
  return <Paragraph color={tone('ok')}>✓ valid JSON</Paragraph>;
}

/**
 * The raw screen's fields beside the method list: the path and what it reaches, the headers, and
 * the body with its check for a method that sends one. `onEdge`: ↑ on a field's first line or ↓
 * on its last, for the screen to move the focus to the field above or below.
 */
export function RawFields({
  form,
  dispatch,
  match,
  allowed,
  candidates,
  bodyPlaceholder,
  width,
  maxBodyRows,
  isActive,
  onPaste,
  onEdge,
}: {
  form: RawForm;
  dispatch: Dispatch<RawFormAction>;
  match: RouteMatch | undefined;
  allowed: readonly string[];
  /** The paths Tab offers now. */
  candidates: readonly string[];
  bodyPlaceholder: string;
  /** Columns for the headers' and the body's text. */
  width: number;
  maxBodyRows: number;
  /** False while a question, a list or a name to save under takes the keys. */
  isActive: boolean;
  onPaste(text: string): void;
  onEdge(from: RawField, step: -1 | 1): void;
}) {
  const { method, path, headers, body, revision, field } = form;
  const area = { labelWidth: LABEL_WIDTH, revision, width };
  return (
    <Box flexDirection="column" flexGrow={1}>
      <TextField
        id="raw.path"
        label="Path"
        labelWidth={LABEL_WIDTH}
        value={path}
        revision={revision}
        onChange={(value) => dispatch({ type: 'typePath', path: value })}
        // A curl command or a domainctl line pasted here fills the whole form.
        onInsert={(text) => {
          if (text.length < 8 || !isPastedCommand(text.trim())) return false;
          onPaste(text);
          return true;
        }}
        placeholder="/v1/… (or paste a curl command)"
        isActive={isActive && field === 'raw.path'}
      />
      <Box marginLeft={FIELD_INDENT} flexDirection="column">
        <RouteInfo
          path={path}
          method={method}
          match={match}
          allowed={allowed}
          candidates={candidates}
          nothingToComplete={form.nothingToComplete === true}
          width={width}
        />
      </Box>
      <TextArea
        id="raw.headers"
        label="Headers"
        {...area}
        value={headers}
        onChange={(value) => dispatch({ type: 'typeHeaders', headers: value })}
        placeholder="Name: value, one a line (optional)"
        isActive={isActive && field === 'raw.headers'}
        maxRows={3}
        onEdge={(step) => onEdge('raw.headers', step)}
        mask={maskedHeaderLine}
      />
      {hasBody(form) ? (
        <>
          <TextArea
            id="raw.body"
            label="Body"
            {...area}
            value={body}
            onChange={(value) => dispatch({ type: 'typeBody', body: value })}
            placeholder={bodyPlaceholder}
            isActive={isActive && field === 'raw.body'}
            maxRows={maxBodyRows}
            onEdge={(step) => onEdge('raw.body', step)}
          />
          <Box marginLeft={FIELD_INDENT}>
            <BodyCheck body={body} />
          </Box>
        </>
      ) : null}
    </Box>
  );
}
