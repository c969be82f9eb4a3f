import type { PastedCommandLine } from '../../core/command-line-parse.js';
import { RequestInputError } from '../../core/errors.js';
import { bodyJson, fieldsQuery, literalFieldsBody } from '../../core/field-body.js';
import type { RequestSpec } from '../../core/request-spec.js';
import { withoutMaskedHeaders } from '../../core/request-spec.js';
import type { RequestHistoryEntry } from '../app/session.js';

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
 * -f/-F fields written into the form as `api request` sends them: a GET's into the query string,
 * a POST's, PUT's or PATCH's as the JSON body. What cannot be written there is said, never
 * dropped in silence: a DELETE's fields (the form sends a DELETE without a body), a `-F k=@file`
 * (no file comes along), fields next to a -d body (the command refuses both).
 */
function fieldsInto(spec: RequestSpec): { path: string; body?: string; note?: string } {
  const { fields = [], path, body } = spec;
  if (fields.length === 0) return { path, body };
  const list = fields.map((f) => `${f.kind === 'raw' ? '-f' : '-F'} ${f.text}`).join(' ');
  const leftOut = (why: string) => ({ path, body, note: `left out: ${list} (${why})` });
  if (body !== undefined) return leftOut('the body is given with -d');
  if (spec.method === 'DELETE') return leftOut('this screen sends a DELETE without a body');
  try {
    const made = literalFieldsBody(
      fields,
      (field) => `${field} reads a file, which does not come along: type its text instead`,
    );
    if (spec.method !== 'GET') return { path, body: bodyJson(made) };
    const query = fieldsQuery(made).toString();
    return { path: query ? `${path}${path.includes('?') ? '&' : '?'}${query}` : path };
  } catch (error) {
    if (!(error instanceof RequestInputError)) throw error;
    return leftOut(error.message);
  }
}

/**
 * A stored or pasted request as the form holds it, and what of it the form cannot hold, said:
 * headers kept only masked (they must be typed again), --paginate, --jq and --arg; -f/-F fields
 * are written into the path or the body (fieldsInto).
 */
export function entryOf(stored: RequestSpec): { entry: RequestHistoryEntry; notes: string[] } {
  const { spec, dropped } = withoutMaskedHeaders(stored);
  const notes: string[] = [];
  if (dropped.length > 0) {
    notes.push(
      `${dropped.join(', ')} kept only masked: type ${dropped.length > 1 ? 'them' : 'it'} again`,
    );
  }
  const { path, body, note } = fieldsInto(spec);
  if (note) notes.push(note);
  if (spec.paginate) {
    notes.push(
      'left out: --paginate (this screen shows one page; the command line follows them all)',
    );
  }
  if (spec.jq !== undefined) notes.push(`--jq ${spec.jq}: f filters the answer here`);
  if (spec.jqArgs?.length) {
    const args = spec.jqArgs.map(([name, value]) => `--arg ${name} ${value}`).join(' ');
    notes.push(`left out: ${args} (f's jq has no --arg: write the value into the expression)`);
  }
  return {
    entry: {
      method: spec.method,
      path,
      headers: (spec.headers ?? []).join('\n'),
      body: body ?? '',
    },
    notes,
  };
}

/**
 * The --project, --org and --profile of a pasted `domainctl api request` line, against the
 * screen's own: another project or organisation is written into the path's placeholder (the line
 * meant that one), another profile is said to be left out (the screen sends with its own).
 */
export function withPastedSettings(
  pasted: PastedCommandLine,
  screen: { project?: string; org?: string; profile?: string },
): { spec: RequestSpec; notes: string[] } {
  const notes: string[] = [];
  let { path } = pasted.spec;
  const fill = (flag: string, placeholder: string, given?: string, own?: string) => {
    if (given === undefined || given === own || !path.includes(placeholder)) return;
    path = path.replaceAll(placeholder, encodeURIComponent(given));
    notes.push(`${flag} ${given} written into the path${own ? ` (this screen's is ${own})` : ''}`);
  };
  fill('--project', '{project_id}', pasted.project, screen.project);
  fill('--org', '{org_id}', pasted.org, screen.org);
  if (pasted.profile !== undefined && pasted.profile !== screen.profile) {
    notes.push(
      `left out: --profile ${pasted.profile} (sent with ${screen.profile ? `this screen's profile, ${screen.profile}` : "this screen's settings"})`,
    );
  }
  return { spec: { ...pasted.spec, path }, notes };
}
