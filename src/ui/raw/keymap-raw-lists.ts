import type { Binding } from '../app/keymap.js';
import { any, down, enterAlone, esc, plain, up } from '../input/key-predicates.js';

/** The keys of the raw screen's lists of requests (Ctrl+R the history, Ctrl+O the saved ones). */
export const rawListBindings = {
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
} satisfies Record<string, Binding>;
