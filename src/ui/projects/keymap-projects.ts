import type { Binding } from '../app/keymap.js';
import { any, down, enter, esc, plain, up } from '../input/key-predicates.js';

/** The keys of the projects screen: part of the one key-map (keymap.ts), kept here for its size. */
export const projectsBindings = {
  'projects.up': { keys: '↑ k', help: 'select the project above', match: any(up, plain('k')) },
  'projects.down': { keys: '↓ j', help: 'select the project below', match: any(down, plain('j')) },
  'projects.open': {
    keys: 'Enter',
    label: 'open',
    help: "open the project's domains",
    match: enter,
  },
  'projects.filter': {
    keys: '/',
    label: 'filter',
    help: 'filter by name, id, plan or organisation',
    match: plain('/'),
  },
  'projects.clearFilter': {
    keys: 'Esc',
    label: 'clear filter',
    help: 'clear the filter the list was left with (/ types a new one)',
    match: esc,
  },
  'projects.more': {
    keys: 'm',
    label: 'more',
    help: 'load the next page of projects',
    match: plain('m'),
  },
  'projects.all': {
    keys: 'M',
    help: 'load every page of projects (up to 10,000)',
    match: plain('M'),
  },
  'projects.enterId': {
    keys: 'i',
    label: 'type an ID',
    help: 'type a project ID by hand',
    match: plain('i'),
  },
  'projects.refresh': { keys: 'r', help: 'reload the list', match: plain('r') },
  'filter.move': {
    keys: '↑↓',
    label: 'select',
    help: 'while filtering: select a project',
    match: any(up, down),
    whileTyping: true,
  },
  'projects.typedEnter': {
    keys: 'Enter',
    label: 'open',
    help: 'while typing: open the selected project, or the typed ID',
    match: enter,
    whileTyping: true,
  },
  'projects.typedCancel': {
    keys: 'Esc',
    label: 'cancel',
    help: 'while typing: clear the filter, or drop the typed ID',
    match: esc,
    whileTyping: true,
  },
} satisfies Record<string, Binding>;
