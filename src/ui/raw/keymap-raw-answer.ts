import type { Binding } from '../app/keymap.js';
import {
  any,
  down,
  end,
  enterAlone,
  esc,
  home,
  left,
  pageDown,
  pageUp,
  plain,
  right,
  up,
} from '../input/key-predicates.js';

/**
 * The keys of the raw screen's answer, heard while it has the focus (↓ past the path or the body,
 * Tab from the body, Shift+Tab from the method list), and of the prompts typed under it: a search,
 * a jq expression, and (the same Enter and Esc) the name a request is saved under.
 */
export const rawAnswerBindings = {
  'raw.scroll': {
    keys: 'PgUp PgDn',
    label: 'scroll',
    help: 'page through the answer',
    match: any(pageUp, pageDown),
    whileTyping: true,
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
