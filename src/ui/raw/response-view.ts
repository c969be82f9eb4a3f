import {
  findMatches,
  foldsAround,
  foldTarget,
  positionOf,
  type ResponseDocument,
  visibleLines,
} from './response-document.js';

/**
 * Where the viewer of an answer is: the line under the cursor, the line at the top, what is
 * folded, what was searched. Lines are the document's own numbers, so folding and unfolding keep
 * the cursor on the same line of the answer.
 */
export interface ViewState {
  doc: ResponseDocument;
  folded: ReadonlySet<number>;
  /** The lines on show with these folds (kept with them, computed once per fold). */
  shown: Int32Array;
  cursor: number;
  top: number;
  search?: { query: string; matches: number[]; index: number };
}

/** How the lines fit the viewer: rows a line takes at this width, rows the viewer has. */
export interface Geometry {
  rows(line: number): number;
  height: number;
}

export type ViewAction =
  | { type: 'move'; by: number }
  | { type: 'page'; direction: 1 | -1 }
  | { type: 'end'; direction: 1 | -1 }
  /** Space: folds the object or array of the line, or unfolds a folded one. */
  | { type: 'toggleFold' }
  /** ←: folds the object or array of the line; on a folded one, goes to the one around it. */
  | { type: 'fold' }
  /** →: unfolds a folded line. */
  | { type: 'unfold' }
  | { type: 'unfoldAll' }
  | { type: 'search'; query: string }
  | { type: 'nextMatch'; direction: 1 | -1 }
  | { type: 'clearSearch' }
  /** A new document (the jq filter's output, or the answer again): from its top. */
  | { type: 'show'; doc: ResponseDocument }
  /** The terminal changed size: the cursor stays in view. */
  | { type: 'fit' };

export function initialView(doc: ResponseDocument): ViewState {
  const folded = new Set<number>();
  return { doc, folded, shown: visibleLines(doc, folded), cursor: 0, top: 0 };
}

const lineAt = (shown: Int32Array, position: number) =>
  shown[Math.max(0, Math.min(shown.length - 1, position))] ?? 0;

/** The first position from which the rest of the lines fill the viewer. */
function lastTop(state: ViewState, geo: Geometry): number {
  let used = 0;
  let position = state.shown.length;
  while (position > 0) {
    const rows = geo.rows(lineAt(state.shown, position - 1));
    if (used + rows > geo.height) break;
    used += rows;
    position--;
  }
  return Math.min(position, state.shown.length - 1);
}

/** How many lines from `position` on fill the viewer (at least one). */
function pageFrom(state: ViewState, geo: Geometry, position: number): number {
  let used = 0;
  let count = 0;
  while (position + count < state.shown.length) {
    const rows = geo.rows(lineAt(state.shown, position + count));
    if (count > 0 && used + rows > geo.height) break;
    used += rows;
    count++;
  }
  return Math.max(1, count);
}

/** Moves the top so the cursor's line is in view, and no further than the last page needs. */
function keepInView(state: ViewState, geo: Geometry): ViewState {
  const { shown } = state;
  const cursorAt = positionOf(shown, state.cursor);
  let topAt = Math.min(positionOf(shown, state.top), lastTop(state, geo));
  if (cursorAt < topAt) topAt = cursorAt;
  else {
    let used = 0;
    for (let p = topAt; p <= cursorAt; p++) used += geo.rows(lineAt(shown, p));
    while (used > geo.height && topAt < cursorAt) {
      used -= geo.rows(lineAt(shown, topAt));
      topAt++;
    }
  }
  return { ...state, cursor: lineAt(shown, cursorAt), top: lineAt(shown, topAt) };
}

function withFolds(state: ViewState, folded: Set<number>): ViewState {
  return { ...state, folded, shown: visibleLines(state.doc, folded) };
}

/** Shows a line: the folds around it open, the cursor on it. */
function reveal(state: ViewState, line: number): ViewState {
  const around = foldsAround(state.doc, line).filter((p) => state.folded.has(p));
  const next =
    around.length > 0
      ? withFolds(state, new Set([...state.folded].filter((p) => !around.includes(p))))
      : state;
  return { ...next, cursor: line };
}

function step(state: ViewState, action: ViewAction, geo: Geometry): ViewState {
  const { doc, shown, folded } = state;
  const cursorAt = positionOf(shown, state.cursor);
  switch (action.type) {
    case 'move':
      return { ...state, cursor: lineAt(shown, cursorAt + action.by) };
    case 'page': {
      const topAt = positionOf(shown, state.top);
      const newTop =
        action.direction > 0
          ? Math.min(lastTop(state, geo), topAt + pageFrom(state, geo, topAt))
          : Math.max(0, topAt - pageBefore(state, geo, topAt));
      const moved = newTop - topAt;
      const cursor =
        moved === 0
          ? lineAt(shown, action.direction > 0 ? shown.length - 1 : 0)
          : lineAt(shown, cursorAt + moved);
      return { ...state, top: lineAt(shown, newTop), cursor };
    }
    case 'end':
      return { ...state, cursor: lineAt(shown, action.direction > 0 ? shown.length - 1 : 0) };
    case 'toggleFold':
      if (folded.has(state.cursor)) return unfold(state);
      return fold(state, false);
    case 'fold':
      return fold(state, true);
    case 'unfold':
      return unfold(state);
    case 'unfoldAll':
      return folded.size === 0 ? state : withFolds(state, new Set());
    case 'search': {
      const matches = findMatches(doc, action.query);
      const index = Math.max(
        0,
        matches.findIndex((line) => line >= state.cursor),
      );
      const search = { query: action.query, matches, index };
      const line = matches[index];
      return line === undefined ? { ...state, search } : { ...reveal(state, line), search };
    }
    case 'nextMatch': {
      const { search } = state;
      if (!search || search.matches.length === 0) return state;
      const count = search.matches.length;
      const index = (search.index + action.direction + count) % count;
      const line = search.matches[index] ?? 0;
      return { ...reveal(state, line), search: { ...search, index } };
    }
    case 'clearSearch':
      return { ...state, search: undefined };
    case 'show':
      return initialView(action.doc);
    case 'fit':
      return state;
    default: {
      const never: never = action;
      return never;
    }
  }
}

/** How many lines before `position` fill the viewer (at least one, unless at the top). */
function pageBefore(state: ViewState, geo: Geometry, position: number): number {
  let used = 0;
  let count = 0;
  while (position - count > 0) {
    const rows = geo.rows(lineAt(state.shown, position - count - 1));
    if (count > 0 && used + rows > geo.height) break;
    used += rows;
    count++;
  }
  return count;
}

function fold(state: ViewState, toParent: boolean): ViewState {
  const { doc, folded, cursor } = state;
  if (folded.has(cursor)) {
    if (!toParent) return state;
    const parent = doc.parentOf[cursor] ?? -1;
    return parent >= 0 ? { ...state, cursor: parent } : state;
  }
  const target = foldTarget(doc, cursor);
  if (target === undefined) return state;
  return { ...withFolds(state, new Set([...folded, target])), cursor: target };
}

function unfold(state: ViewState): ViewState {
  if (!state.folded.has(state.cursor)) return state;
  const folded = new Set(state.folded);
  folded.delete(state.cursor);
  return withFolds(state, folded);
}

/** The viewer after a key: every step ends with the cursor's line in view. */
export function viewReducer(state: ViewState, action: ViewAction, geo: Geometry): ViewState {
  return keepInView(step(state, action, geo), geo);
}
