import type { Key } from 'ink';
import { useEffect, useReducer, useRef } from 'react';
import type { RawResponse } from '../../client/execute-request.js';
import { visible } from '../../core/sanitize.js';
import { wrapWords } from '../components/format.js';
import { documentOf, jqDocument } from './response-document.js';
import { rowCounter } from './response-rows.js';
import {
  type Geometry,
  initialView,
  type ViewAction,
  viewReducer,
  type ViewState,
} from './response-view.js';
import type { KeyTest } from '../input/useKeys.js';

/** What the viewer of one answer holds: where it is, and what is being typed or filtered. */
interface Viewer {
  response: RawResponse;
  view: ViewState;
  /** The search or jq expression being typed (a text field at the viewer's foot). */
  prompt?: { kind: 'search' | 'jq'; text: string };
  /** The jq filter on show, or running, or why it failed (the answer is shown then). */
  jq?: { expression: string; step: 'running' | 'done' | 'failed'; message?: string; run: number };
}

type Action =
  /** A new answer, its document already built (once: it is the costly part). */
  | { type: 'load'; viewer: Viewer }
  | { type: 'view'; action: ViewAction; size: Size }
  | { type: 'prompt'; kind: 'search' | 'jq'; text: string }
  | { type: 'closePrompt' }
  | { type: 'jqStarted'; expression: string; run: number }
  | { type: 'jqDone'; run: number; output: string }
  | { type: 'jqFailed'; run: number; message: string }
  | { type: 'jqCleared' };

/** Columns before each line of the answer: the cursor's mark. */
export const GUTTER = 2;

interface Size {
  width: number;
  height: number;
}

// Row counts are laid out once per lines shown, fold state and width: every key asks again.
const counters = new WeakMap<Int32Array, { width: number; rows: (line: number) => number }>();

/** The geometry of a view at a size: the rows each line takes, the rows there are. */
export function geometryOf(view: ViewState, size: Size): Geometry {
  let counter = counters.get(view.shown);
  if (counter?.width !== size.width) {
    counter = { width: size.width, rows: rowCounter(view.doc, view.folded, size.width) };
    counters.set(view.shown, counter);
  }
  return { rows: counter.rows, height: Math.max(1, size.height) };
}

const load = (response: RawResponse): Viewer => ({
  response,
  view: initialView(documentOf(response)),
});

function reducer(state: Viewer | undefined, action: Action): Viewer | undefined {
  if (action.type === 'load') return action.viewer;
  if (!state) return state;
  switch (action.type) {
    case 'view':
      return {
        ...state,
        view: viewReducer(state.view, action.action, geometryOf(state.view, action.size)),
      };
    case 'prompt':
      return { ...state, prompt: { kind: action.kind, text: action.text } };
    case 'closePrompt':
      return { ...state, prompt: undefined };
    case 'jqStarted':
      return {
        ...state,
        prompt: undefined,
        jq: { expression: action.expression, step: 'running', run: action.run },
      };
    case 'jqDone':
      if (state.jq?.run !== action.run) return state;
      return {
        ...state,
        view: initialView(jqDocument(action.output)),
        jq: { ...state.jq, step: 'done' },
      };
    case 'jqFailed':
      if (state.jq?.run !== action.run) return state;
      return {
        ...state,
        view: initialView(documentOf(state.response)),
        jq: { ...state.jq, step: 'failed', message: action.message },
      };
    case 'jqCleared':
      return { ...state, jq: undefined, view: initialView(documentOf(state.response)) };
    default: {
      const never: never = action;
      return never;
    }
  }
}

export interface ResponseViewer {
  /** Undefined until an answer has come. */
  viewer?: Viewer;
  /** The view as drawn at this size: the cursor's line always in it. */
  shownView?: ViewState;
  geometry?: Geometry;
  /** Columns the answer's lines are wrapped at. */
  rowWidth: number;
  /** Why the jq filter failed, in lines of the viewer's width. */
  jqError?: string[];
  /** Esc has something to clear here (a search, a jq filter) before it goes back. */
  clearable: boolean;
  /**
   * A key while the answer has the focus: true when the viewer took it. ↑ on the first line is
   * not taken: the screen moves the focus up to the form.
   */
  handleKey(is: KeyTest, input: string, key: Key): boolean;
  /** PgUp/PgDn from anywhere on the screen. */
  page(direction: 1 | -1): void;
  typePrompt(text: string): void;
}

/**
 * The viewer of the raw screen's answer: cursor, folds, search and the jq filter over the answer
 * that came last (a new answer starts afresh). Only the lines in view are ever laid out.
 */
export function useResponseViewer(response: RawResponse | undefined, size: Size): ResponseViewer {
  const [stored, dispatch] = useReducer(reducer, undefined);
  const runs = useRef(0);
  // The jq run in progress runs in a worker (core/jq-engine.ts): ended when its answer is no
  // longer wanted (a newer filter, Esc, the screen left, the UI's quit), so a runaway filter
  // neither keeps working nor keeps the process from ending.
  const jqRun = useRef<AbortController | undefined>(undefined);
  const stopJq = () => {
    jqRun.current?.abort();
    jqRun.current = undefined;
  };
  useEffect(() => stopJq, []);
  // A new answer: its document, built once, from its top.
  let viewer = stored;
  if (response && stored?.response !== response) {
    viewer = load(response);
    dispatch({ type: 'load', viewer });
  }
  if (!response) viewer = undefined;

  // jq's message is wrapped, never cut: what is wrong with the expression is often at its end.
  const failed = viewer?.jq?.step === 'failed' ? viewer.jq : undefined;
  const jqError = failed
    ? wrapWords(
        `✗ jq ${visible(failed.expression)}: ${visible(failed.message ?? '')} (the whole answer is shown)`,
        size.width,
      )
    : undefined;
  // The foot (the prompt, jq's message) takes lines of the answer's; the gutter two columns.
  const foot = jqError?.length ?? (viewer?.prompt || viewer?.jq?.step === 'running' ? 1 : 0);
  const rowsSize = { width: size.width - GUTTER, height: size.height - foot };
  const geometry = viewer ? geometryOf(viewer.view, rowsSize) : undefined;
  const shownView =
    viewer && geometry ? viewReducer(viewer.view, { type: 'fit' }, geometry) : undefined;
  const move = (action: ViewAction) => dispatch({ type: 'view', action, size: rowsSize });

  const runJq = (expression: string) => {
    if (!viewer) return;
    stopJq();
    if (expression.trim() === '') {
      dispatch({ type: 'closePrompt' });
      dispatch({ type: 'jqCleared' });
      return;
    }
    const run = ++runs.current;
    dispatch({ type: 'jqStarted', expression, run });
    const json = viewer.response.text;
    const controller = new AbortController();
    jqRun.current = controller;
    void import('../../core/jq-engine.js')
      .then(({ tryJq }) => tryJq(json, expression, controller.signal))
      .then(
        (outcome) =>
          dispatch(
            outcome.ok
              ? { type: 'jqDone', run, output: outcome.output }
              : { type: 'jqFailed', run, message: outcome.message },
          ),
        (error: unknown) => {
          // Stopped because it is no longer wanted: nothing to say.
          if (controller.signal.aborted) return;
          dispatch({ type: 'jqFailed', run, message: (error as Error).message });
        },
      );
  };

  const handleKey = (is: KeyTest, input: string, key: Key): boolean => {
    if (!viewer || !shownView) return false;
    const { prompt } = viewer;
    if (prompt) {
      if (is('raw.prompt.apply')) {
        if (prompt.kind === 'jq') runJq(prompt.text);
        else {
          dispatch({ type: 'closePrompt' });
          move(
            prompt.text === '' ? { type: 'clearSearch' } : { type: 'search', query: prompt.text },
          );
        }
      } else if (is('raw.prompt.cancel')) dispatch({ type: 'closePrompt' });
      // Every other key is the prompt's text field's.
      return true;
    }
    const json = viewer.response.json !== undefined;
    if (is('raw.view.search')) {
      dispatch({ type: 'prompt', kind: 'search', text: viewer.view.search?.query ?? '' });
    } else if (is('raw.view.jq') && json) {
      dispatch({ type: 'prompt', kind: 'jq', text: viewer.jq?.expression ?? '' });
    } else if (is('raw.view.next')) move({ type: 'nextMatch', direction: input === 'N' ? -1 : 1 });
    else if (is('raw.view.toggleFold')) move({ type: 'toggleFold' });
    else if (is('raw.view.fold')) {
      move({ type: key.rightArrow || input === 'l' ? 'unfold' : 'fold' });
    } else if (is('raw.view.unfoldAll')) move({ type: 'unfoldAll' });
    else if (is('raw.view.ends')) {
      move({ type: 'end', direction: key.end || input === 'G' ? 1 : -1 });
    } else if (is('raw.view.move')) {
      const up = key.upArrow || input === 'k';
      if (up && shownView.shown[0] === shownView.cursor) return false;
      move({ type: 'move', by: up ? -1 : 1 });
    } else if (is('raw.scroll')) move({ type: 'page', direction: key.pageUp ? -1 : 1 });
    else if (is('raw.back') && viewer.view.search) move({ type: 'clearSearch' });
    else if (is('raw.back') && viewer.jq) {
      stopJq();
      dispatch({ type: 'jqCleared' });
    } else return false;
    return true;
  };

  return {
    viewer,
    shownView,
    geometry,
    rowWidth: rowsSize.width,
    jqError,
    clearable: Boolean(viewer && (viewer.view.search || viewer.jq)),
    handleKey,
    page: (direction) => move({ type: 'page', direction }),
    typePrompt: (text) => {
      if (viewer?.prompt) dispatch({ type: 'prompt', kind: viewer.prompt.kind, text });
    },
  };
}
