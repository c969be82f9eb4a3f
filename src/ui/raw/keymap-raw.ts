import type { ActionId, Binding, ScreenKeys } from '../app/keymap.js';
import {
  any,
  ctrl,
  down,
  end,
  esc,
  home,
  left,
  pageDown,
  pageUp,
  plain,
  right,
  shiftTab,
  tab,
  up,
} from '../input/key-predicates.js';

const never = () => false;
/** Enter alone: Alt+Enter is a new line in the body. */
const enterAlone = (_: string, key: { return: boolean; meta: boolean }) => key.return && !key.meta;

/**
 * The keys of the raw-request screen: part of the one key-map (keymap.ts), kept here for its
 * size. `raw.view.*` are the answer's, heard while it has the focus (↓ past the path or the body,
 * Tab from the body, Shift+Tab from the method list).
 */
export const rawBindings = {
  'raw.send': {
    keys: 'Enter',
    label: 'send',
    help: 'send the request (from the path, the headers, the body or the answer)',
    match: enterAlone,
    whileTyping: true,
  },
  'raw.toBody': {
    keys: 'Enter',
    label: 'to the body',
    help: 'in the path of a POST, PUT or PATCH: go on to the body (Enter there sends)',
    match: enterAlone,
    whileTyping: true,
  },
  'raw.method.choose': {
    keys: 'Enter',
    label: 'use method',
    help: 'in the method list: use the selected method and go back to the path',
    match: enterAlone,
  },
  'raw.method.move': {
    keys: '↑↓ j k',
    label: 'choose method',
    help: 'in the method list: select a method',
    match: any(up, down, plain('j'), plain('k')),
  },
  'raw.method.letter': {
    keys: 'g p d',
    help: 'in the method list: the next method with that first letter (p goes through POST, PATCH, PUT)',
    match: (input, key) => !key.ctrl && !key.meta && /^[gpd]$/i.test(input),
  },
  'raw.complete': {
    keys: 'Tab',
    label: 'complete',
    help: "in the path: complete it from the API's routes (it stays in the path when none goes on)",
    match: tab,
    whileTyping: true,
  },
  'raw.nextField': {
    keys: 'Tab',
    label: 'next field',
    help: 'out of the path: the next field (method list, path, headers, body, answer)',
    match: tab,
    whileTyping: true,
  },
  'raw.previousField': {
    keys: 'Shift+Tab',
    help: 'previous field; from the path, the method list (Enter picks the method)',
    match: shiftTab,
    whileTyping: true,
  },
  'raw.history': {
    keys: '↑↓',
    label: 'history',
    help: 'in the path: earlier requests, ↑ older, ↓ newer (↓ past the newest, or before any ↑, goes down to the headers)',
    match: any(up, down),
    whileTyping: true,
  },
  'raw.lines': {
    keys: '↑↓',
    label: 'line or field',
    help: 'in the headers and the body (and the path while the history is empty): a line up or down; past the first or the last line, the field above or below',
    match: any(up, down),
    whileTyping: true,
  },
  'raw.scroll': {
    keys: 'PgUp PgDn',
    label: 'scroll',
    help: 'page through the answer',
    match: any(pageUp, pageDown),
    whileTyping: true,
  },
  'raw.editor': {
    keys: 'Ctrl+G',
    label: 'editor',
    help: 'edit the body in $VISUAL or $EDITOR; it is checked as JSON when it comes back',
    match: ctrl('g'),
    whileTyping: true,
  },
  'raw.newline': {
    keys: 'Ctrl+J Alt+Enter',
    help: 'in the body: a new line (a pasted body keeps its lines)',
    match: never,
  },
  'raw.openHistory': {
    keys: 'Ctrl+R',
    label: 'history',
    help: 'the requests sent with this profile, newest first (/ filters, Enter loads one)',
    match: ctrl('r'),
    whileTyping: true,
  },
  'raw.openSaved': {
    keys: 'Ctrl+O',
    label: 'saved',
    help: 'the saved requests (Enter loads one)',
    match: ctrl('o'),
    whileTyping: true,
  },
  'raw.save': {
    keys: 'Ctrl+S',
    label: 'save',
    help: 'save this request under a name, as a file (`api request --saved NAME` runs it)',
    match: ctrl('s'),
    whileTyping: true,
  },
  'raw.copyCommand': {
    keys: 'c',
    label: 'copy command',
    help: 'copy the request as a `domainctl api request` line (out of the text fields: ↓ to the answer, or Shift+Tab to the methods)',
    match: plain('c'),
  },
  'raw.copyCurl': {
    keys: 'C',
    label: 'copy curl',
    help: 'copy the request as a curl command; the token stays $DOMAINCTL_TOKEN',
    match: plain('C'),
  },
  'raw.pick.move': {
    keys: '↑↓ j k',
    label: 'select',
    help: 'in the list of requests: select one',
    match: any(up, down, plain('j'), plain('k')),
    whileTyping: true,
  },
  'raw.pick.choose': {
    keys: 'Enter',
    label: 'load',
    help: 'in the list of requests: load the selected one into the form',
    match: enterAlone,
    whileTyping: true,
  },
  'raw.pick.filter': {
    keys: '/',
    label: 'filter',
    help: 'in the list of requests: filter it by what you type',
    match: plain('/'),
  },
  'raw.pick.close': {
    keys: 'Esc',
    label: 'close',
    help: 'in the list of requests: clear the filter, then close the list',
    match: esc,
    whileTyping: true,
  },
  'raw.back': {
    keys: 'Esc',
    label: 'back',
    help: 'back (in the answer: clears the search or the jq filter first)',
    match: esc,
    whileTyping: true,
  },
  'raw.confirm': {
    keys: 'y n',
    label: 'send the DELETE?',
    help: 'the DELETE asked about: y sends it, n (or Esc) does not',
    match: any(plain('y'), plain('n'), esc),
  },

  'raw.view.move': {
    keys: '↑↓ j k',
    label: 'move',
    help: 'in the answer: move the cursor line (↑ from the first line goes back up to the form)',
    match: any(up, down, plain('j'), plain('k')),
  },
  'raw.view.ends': {
    keys: 'g G Home End',
    help: 'in the answer: to the first line, to the last',
    match: any(plain('g'), plain('G'), home, end),
  },
  'raw.view.search': {
    keys: '/',
    label: 'search',
    help: 'search the answer (lower case ignores case); Enter goes to the first match',
    match: plain('/'),
  },
  'raw.view.next': {
    keys: 'n N',
    label: 'next match',
    help: 'next match, previous match',
    match: any(plain('n'), plain('N')),
  },
  'raw.view.toggleFold': {
    keys: 'Space',
    label: 'fold',
    help: 'fold or unfold the object or array of the line',
    match: plain(' '),
  },
  'raw.view.fold': {
    keys: '← → h l',
    help: 'fold the object or array of the line (on a folded line: go to the one around it); unfold',
    match: any(left, right, plain('h'), plain('l')),
  },
  'raw.view.unfoldAll': { keys: 'E', help: 'unfold everything', match: plain('E') },
  'raw.view.jq': {
    keys: 'f',
    label: 'jq filter',
    help: 'filter the answer with a jq expression, as `api request --jq` does (empty: the whole answer)',
    match: plain('f'),
  },
  'raw.prompt.apply': {
    keys: 'Enter',
    label: 'apply',
    help: 'while typing a search, a jq expression or the name to save under: apply it',
    match: enterAlone,
    whileTyping: true,
  },
  'raw.prompt.cancel': {
    keys: 'Esc',
    label: 'cancel',
    help: 'while typing a search, a jq expression or a name: leave it as it was',
    match: esc,
    whileTyping: true,
  },
} satisfies Record<string, Binding>;

/**
 * The raw screen's keys with more than one meaning, of which its state makes one available at a
 * time (useAvailableKeys in RawRequestScreen): Enter sends, loads from a list or applies what is
 * typed in a prompt, goes on to the body (in the path of a POST) or picks the method (in the method
 * list); Tab completes the path or goes to the next field; Esc goes back, answers the DELETE
 * question, closes a list or a prompt; `/` searches the answer or filters a list; `n` is the next
 * match or no to the DELETE question; ↑↓ j k choose the method, walk the history, the lines and
 * fields, the answer or a list; `g` is a method's first letter or the answer's top. So the
 * footer and the help name what a key does in the focused field, never another field's meaning.
 */
export const RAW_EXCLUSIVE_MEANINGS: readonly ActionId[] = [
  'raw.send',
  'raw.toBody',
  'raw.method.choose',
  'raw.method.move',
  'raw.method.letter',
  'raw.view.ends',
  'raw.lines',
  'raw.complete',
  'raw.nextField',
  'raw.pick.choose',
  'raw.prompt.apply',
  'raw.back',
  'raw.confirm',
  'raw.pick.close',
  'raw.prompt.cancel',
  'raw.view.search',
  'raw.pick.filter',
  'raw.view.next',
  'raw.history',
  'raw.view.move',
  'raw.pick.move',
];

/** The raw screen's keys for the footer and the help (the text fields' own keys passed in). */
export function rawScreenKeys(fieldKeys: ActionId[]): ScreenKeys {
  return {
    footer: [
      'raw.send',
      'raw.method.choose',
      'raw.method.move',
      'raw.nextField',
      'raw.confirm',
      'raw.pick.choose',
      'raw.pick.filter',
      'raw.pick.close',
      'raw.copyCommand',
      'raw.copyCurl',
      'raw.view.search',
      'raw.view.next',
      'raw.view.toggleFold',
      'raw.view.jq',
      'raw.scroll',
      'raw.back',
    ],
    more: [
      'raw.method.letter',
      'raw.openHistory',
      'raw.openSaved',
      'raw.save',
      'raw.pick.move',
      'raw.view.move',
      'raw.view.ends',
      'raw.view.fold',
      'raw.view.unfoldAll',
      'raw.previousField',
      'raw.newline',
      ...fieldKeys,
    ],
    typing: [
      'raw.send',
      'raw.toBody',
      'raw.complete',
      'raw.nextField',
      'raw.history',
      'raw.lines',
      'raw.openHistory',
      'raw.save',
      'raw.editor',
      'raw.scroll',
      'raw.back',
      'raw.prompt.apply',
      'raw.prompt.cancel',
      'raw.pick.choose',
      'raw.pick.close',
    ],
  };
}
