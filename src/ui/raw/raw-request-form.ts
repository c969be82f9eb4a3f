import type { RawResponse } from '../../client/execute-request.js';
import type { HttpMethod } from '../../contract/routes.js';
import type { RequestHistoryEntry } from '../app/session.js';
import { longestCommonPrefix } from './route-completion.js';

export type RawField = 'raw.method' | 'raw.path' | 'raw.headers' | 'raw.body' | 'raw.response';

export type RawResult =
  | { step: 'sending'; id: number; line: string }
  | { step: 'done'; id: number; line: string; response: RawResponse }
  | { step: 'failed'; id: number; line: string; error: unknown };

/** The raw-request screen's state: what is typed, where the focus is, what came back. */
export interface RawForm {
  method: HttpMethod;
  path: string;
  /** `Name: value` lines, as -H takes them. */
  headers: string;
  body: string;
  /** Bumped when the request is replaced (completion, history): the method list shows its method. */
  revision: number;
  field: RawField;
  /** Tab pressed where several routes fit: they are shown in turn. */
  cycle?: { candidates: string[]; index: number };
  /** Tab pressed in the path where no route goes on: said, and the focus stays. */
  nothingToComplete?: boolean;
  /** ↑ pressed: which earlier request is shown, and what was typed before. */
  recalled?: { index: number; draft: RequestHistoryEntry };
  result?: RawResult;
  /** Why prepareRequest refused the last Enter; nothing was sent. */
  refused?: string;
  /** A DELETE waits for y (or n, Esc): no field has the focus meanwhile. */
  confirming?: boolean;
  /** What the last action did, said once (the body back from the editor, a copy, a save). */
  notice?: { text: string; tone: 'ok' | 'warn' | 'error' };
  /** The history or the saved requests, listed in place of the answer to load one. */
  picker?: 'history' | 'saved';
  /** The name the request is being saved under (Ctrl+S), typed in a field of its own. */
  saveAs?: string;
  /** The name a saved request already has, asked about once: Enter again replaces it. */
  replacing?: string;
  sends: number;
}

export type RawFormAction =
  | { type: 'highlightMethod'; method: HttpMethod }
  | { type: 'chooseMethod'; method: HttpMethod }
  | { type: 'typePath'; path: string }
  | { type: 'typeBody'; body: string }
  | { type: 'typeHeaders'; headers: string }
  /** A request from the history, a saved file or a paste: the form holds it, said in a notice. */
  | { type: 'load'; entry: RequestHistoryEntry; notice: RawForm['notice'] }
  | { type: 'openPicker'; picker: 'history' | 'saved' }
  | { type: 'closePicker' }
  | { type: 'saveAs'; name: string | undefined }
  /** The name typed is a saved request's already: the next Enter replaces it. */
  | { type: 'askReplace'; name: string; question: string }
  | { type: 'moveFocus'; step: 1 | -1 }
  | { type: 'focus'; field: RawField }
  /** Tab: completes the path from these candidates (with none it stays); elsewhere next field. */
  | { type: 'tab'; candidates: string[] }
  | { type: 'recall'; step: -1 | 1; history: readonly RequestHistoryEntry[] }
  | { type: 'refused'; message: string }
  | { type: 'sending'; line: string }
  | { type: 'answered'; id: number; response: RawResponse }
  | { type: 'failed'; id: number; error: unknown }
  | { type: 'confirm' }
  | { type: 'cancelConfirm' }
  | { type: 'notice'; text: string; tone: 'ok' | 'warn' | 'error' }
  /** The body as it came back from $EDITOR: the body field shows it, with the cursor at its end. */
  | { type: 'bodyFromEditor'; body: string; notice: RawForm['notice'] };

export const METHODS_WITH_BODY: readonly HttpMethod[] = ['POST', 'PUT', 'PATCH'];

export const initialRawForm: RawForm = {
  method: 'GET',
  path: '',
  headers: '',
  body: '',
  revision: 0,
  field: 'raw.path',
  sends: 0,
};

export const hasBody = (form: RawForm) => METHODS_WITH_BODY.includes(form.method);

/** The fields Tab and Shift+Tab go through, in order. */
export function fieldsOf(form: RawForm): RawField[] {
  return [
    'raw.method',
    'raw.path',
    'raw.headers',
    ...(hasBody(form) ? (['raw.body'] as const) : []),
    ...(form.result?.step === 'done' ? (['raw.response'] as const) : []),
  ];
}

function moveFocus(form: RawForm, step: 1 | -1): RawForm {
  const fields = fieldsOf(form);
  const index = fields.indexOf(form.field);
  return { ...form, field: fields[(index + step + fields.length) % fields.length] ?? form.field };
}

function replaced(form: RawForm, entry: Partial<RequestHistoryEntry>): RawForm {
  return {
    ...form,
    ...entry,
    revision: form.revision + 1,
    refused: undefined,
    nothingToComplete: undefined,
  };
}

export function rawFormReducer(form: RawForm, action: RawFormAction): RawForm {
  switch (action.type) {
    case 'highlightMethod':
      return { ...form, method: action.method };
    case 'chooseMethod':
      return { ...form, method: action.method, field: 'raw.path' };
    case 'typePath':
      return {
        ...form,
        path: action.path,
        cycle: undefined,
        nothingToComplete: undefined,
        refused: undefined,
        notice: undefined,
      };
    case 'typeBody':
      return { ...form, body: action.body, refused: undefined, notice: undefined };
    case 'typeHeaders':
      return { ...form, headers: action.headers, refused: undefined, notice: undefined };
    case 'load':
      return {
        ...replaced(form, action.entry),
        field: 'raw.path',
        picker: undefined,
        recalled: undefined,
        cycle: undefined,
        notice: action.notice,
      };
    case 'openPicker':
      // A list in place of the answer: what the last action said is over (a refused editor).
      return {
        ...form,
        picker: action.picker,
        saveAs: undefined,
        replacing: undefined,
        confirming: undefined,
        notice: undefined,
      };
    case 'closePicker':
      return { ...form, picker: undefined };
    case 'saveAs': {
      // Opening the prompt ends the notice of what was done before (a save's ✓ under a new name);
      // closing it (Esc, or saved) ends the prompt's own (a name refused, the question whether
      // to replace); another name typed ends the question, which was about the one before.
      const opening = form.saveAs === undefined && action.name !== undefined;
      const closing = form.saveAs !== undefined && action.name === undefined;
      const renamed = form.replacing !== undefined && action.name !== form.replacing;
      return {
        ...form,
        saveAs: action.name,
        picker: undefined,
        ...(renamed && { replacing: undefined }),
        ...((opening || closing || renamed) && { notice: undefined }),
      };
    }
    case 'askReplace':
      return { ...form, replacing: action.name, notice: { text: action.question, tone: 'warn' } };
    case 'moveFocus':
      return moveFocus(form, action.step);
    case 'focus':
      return { ...form, field: action.field };
    case 'tab': {
      if (form.field !== 'raw.path') return moveFocus(form, 1);
      if (form.cycle) {
        const index = (form.cycle.index + 1) % form.cycle.candidates.length;
        const path = form.cycle.candidates[index] ?? form.path;
        return { ...replaced(form, { path }), cycle: { ...form.cycle, index } };
      }
      // Nothing to complete: the path keeps the focus, rather than Tab jumping to another field
      // while the user is still typing the path.
      if (action.candidates.length === 0) return { ...form, nothingToComplete: true };
      // From an empty path every route is a candidate, and what they share ("/") is no
      // completion, only a character not typed that matches no route: they are shown in turn.
      const prefix = form.path === '' ? '' : longestCommonPrefix(action.candidates);
      if (prefix.length > form.path.length) return replaced(form, { path: prefix });
      const path = action.candidates[0] ?? form.path;
      return { ...replaced(form, { path }), cycle: { candidates: action.candidates, index: 0 } };
    }
    case 'recall': {
      const { history, step } = action;
      if (history.length === 0) return form;
      if (!form.recalled) {
        if (step === 1) return form;
        const draft = {
          method: form.method,
          path: form.path,
          headers: form.headers,
          body: form.body,
        };
        const index = history.length - 1;
        const entry = history[index];
        return entry ? { ...replaced(form, entry), recalled: { index, draft } } : form;
      }
      const index = Math.max(0, form.recalled.index + step);
      if (index >= history.length) {
        return { ...replaced(form, form.recalled.draft), recalled: undefined };
      }
      const entry = history[index];
      return entry ? { ...replaced(form, entry), recalled: { ...form.recalled, index } } : form;
    }
    case 'refused':
      return { ...form, refused: action.message };
    case 'sending': {
      const id = form.sends + 1;
      return {
        ...form,
        sends: id,
        result: { step: 'sending', id, line: action.line },
        refused: undefined,
        recalled: undefined,
        confirming: undefined,
        notice: undefined,
      };
    }
    case 'answered':
    case 'failed': {
      // Only the answer to the latest request counts.
      if (form.result?.id !== action.id) return form;
      const { line } = form.result;
      return action.type === 'answered'
        ? { ...form, result: { step: 'done', id: action.id, line, response: action.response } }
        : { ...form, result: { step: 'failed', id: action.id, line, error: action.error } };
    }
    case 'confirm':
      return { ...form, confirming: true, refused: undefined };
    case 'cancelConfirm':
      return { ...form, confirming: undefined };
    case 'notice':
      return { ...form, notice: { text: action.text, tone: action.tone } };
    case 'bodyFromEditor':
      return {
        ...replaced(form, { body: action.body }),
        field: 'raw.body',
        notice: action.notice,
      };
    default: {
      const never: never = action;
      return never;
    }
  }
}
