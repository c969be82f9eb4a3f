import type { RequestSpec } from '../core/request-spec.js';
import { withoutMaskedHeaders } from '../core/request-spec.js';
import type { RequestHistoryEntry } from './session.js';

// The raw screen's form and a RequestSpec (what the history, the saved files and the copies
// hold), both ways.

/** The header lines of the form's text: one a line, blank lines left out. */
export function headerLines(text: string): string[] {
  return text
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '');
}

/**
 * The form as a request. The body only where the method takes one (a GET's typed body is not
 * sent, so not kept), and only when there is some; the viewer's jq filter as --jq.
 */
export function specOf(
  form: Pick<RequestHistoryEntry, 'method' | 'path' | 'headers' | 'body'>,
  options: { withBody: boolean; jq?: string },
): RequestSpec {
  const headers = headerLines(form.headers);
  return {
    method: form.method,
    path: form.path,
    ...(headers.length > 0 ? { headers } : {}),
    ...(options.withBody && form.body.trim() !== '' ? { body: form.body } : {}),
    ...(options.jq ? { jq: options.jq } : {}),
  };
}

/**
 * A stored or pasted request as the form holds it, and what of it the form cannot hold: headers
 * kept only masked (they must be typed again), -f/-F fields, --paginate and --jq.
 */
export function entryOf(stored: RequestSpec): { entry: RequestHistoryEntry; notes: string[] } {
  const { spec, dropped } = withoutMaskedHeaders(stored);
  const notes: string[] = [];
  if (dropped.length > 0) {
    notes.push(
      `${dropped.join(', ')} kept only masked: type ${dropped.length > 1 ? 'them' : 'it'} again`,
    );
  }
  if (spec.fields?.length)
    notes.push('-f/-F fields are not read here: write them as the JSON body');
  if (spec.paginate) notes.push('--paginate is for the command line');
  if (spec.jq !== undefined) notes.push(`--jq ${spec.jq}: f filters the answer here`);
  return {
    entry: {
      method: spec.method,
      path: spec.path,
      headers: (spec.headers ?? []).join('\n'),
      body: spec.body ?? '',
    },
    notes,
  };
}
