import type { Binding } from '../app/keymap.js';
import {
  any,
  ctrl,
  down,
  enterAlone,
  esc,
  plain,
  shiftTab,
  tab,
  up,
} from '../input/key-predicates.js';

// The body's TextArea makes its new lines itself: the binding is there for the help.
const never = () => false;

/**
 * The keys of the raw screen's form: the method list, the path, the headers and the body, moving
 * between them, and what acts on the request as a whole (send, save, copy, the lists of requests,
 * back, the DELETE question).
 */
export const rawFormBindings = {
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
} satisfies Record<string, Binding>;
