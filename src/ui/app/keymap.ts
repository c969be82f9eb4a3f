import type { Key } from 'ink';
import {
  any,
  down,
  enter,
  esc,
  pageDown,
  pageUp,
  plain,
  shiftTab,
  tab,
  up,
} from '../input/key-predicates.js';
import { domainBindings } from '../domain/keymap-domain.js';
import { domainsListBindings } from '../domains/keymap-domains.js';
import { projectsBindings } from '../projects/keymap-projects.js';
import { rawBindings, rawScreenKeys } from '../raw/keymap-raw.js';
import type { RouteName } from './navigation.js';

import type { KeyPredicate } from '../input/key-predicates.js';

export type { KeyPredicate };

export interface Binding {
  /** How the key is written in the footer and the help, e.g. `n →`. */
  keys: string;
  /** What it does, for the `?` help. */
  help: string;
  /** A shorter form for the footer; the help's when absent. */
  label?: string;
  match: KeyPredicate;
  /** Whether the key still works while a text field has focus (Enter, Esc, Tab, Ctrl+C…). */
  whileTyping?: boolean;
  /**
   * For a key Ink's `Key` cannot name (F1 comes as an empty input with no flag set): tests the
   * bytes the terminal sent instead (the key bus hands them to every handler).
   */
  sequence?: (raw: string) => boolean;
}

const never: KeyPredicate = () => false;
// F1 as xterm and tmux send it, as rxvt and PuTTY do, and as the Linux console does.
const F1_SEQUENCES = new Set(['\u001bOP', '\u001b[11~', '\u001b[[A', '\u001b[1P']);

/**
 * Every key of the UI, by action. Screens ask `matches('domains.nextPage', input, key)`; the
 * footer and the `?` help are generated from this table, so a key is never documented in one
 * place and handled in another.
 */
export const keymap = {
  'app.quit': { keys: 'q', help: 'quit', match: plain('q') },
  'app.forceQuit': {
    keys: 'Ctrl+C',
    label: 'quit',
    help: 'quit, from anywhere, even while typing',
    match: (input, key) => key.ctrl && input === 'c',
    whileTyping: true,
  },
  'app.help': {
    keys: '?',
    label: 'help',
    help: 'show or hide the keys of this screen',
    match: plain('?'),
  },
  'app.helpAnywhere': {
    keys: 'F1',
    label: 'help',
    help: 'show or hide the keys of this screen, even while typing (where ? is text)',
    match: never,
    sequence: (raw) => F1_SEQUENCES.has(raw),
    whileTyping: true,
  },
  'help.scroll': {
    keys: '↑↓ j k PgUp PgDn',
    label: 'scroll',
    help: 'with the help open, when it is taller than the terminal: scroll it by a key, by a page',
    match: any(up, down, plain('j'), plain('k'), pageUp, pageDown),
  },
  'nav.back': { keys: 'Esc', help: 'back', match: esc, whileTyping: true },

  // A text field's own keys (line-editor-keys.ts): listed in the forms' help, never matched here.
  'field.move': {
    keys: 'Ctrl+A E · Alt+B F',
    help: 'in a text field: to the start, the end, a word back, a word on',
    match: never,
  },
  'field.kill': {
    keys: 'Ctrl+U K W Y',
    help: 'in a text field: delete to the start, to the end, back to a space; put back',
    match: never,
  },
  'field.killWord': {
    keys: 'Alt+⌫ Alt+D',
    help: 'in a text field: delete the word before (up to . / - too), the word after',
    match: never,
  },

  'welcome.move': {
    keys: '↑↓ j k',
    label: 'choose',
    help: 'select a choice',
    match: any(up, down, plain('j'), plain('k')),
  },
  'welcome.choose': {
    keys: 'Enter 1 2',
    help: 'go: the selected choice, or the one with that number',
    match: any(enter, plain('1'), plain('2')),
  },

  'form.next': {
    keys: 'Tab',
    label: 'next field',
    help: 'next field (↓ too)',
    match: any(tab, down),
    whileTyping: true,
  },
  'form.previous': {
    keys: 'Shift+Tab',
    label: 'previous field',
    help: 'previous field (↑ too)',
    match: any(shiftTab, up),
    whileTyping: true,
  },
  'form.submit': {
    keys: 'Enter',
    label: 'next / save',
    help: 'next field; save on the last one',
    match: enter,
    whileTyping: true,
  },
  'form.cancel': { keys: 'Esc', help: 'cancel', match: esc, whileTyping: true },

  ...projectsBindings,

  ...domainsListBindings,

  ...domainBindings,

  'add.submit': {
    keys: 'Enter',
    label: 'add',
    help: 'add the domain; several: one a line, or with spaces or commas, or @file of them',
    match: enter,
    whileTyping: true,
  },
  'add.useHost': {
    keys: 'Tab',
    label: 'host of URL',
    help: 'keep only the host name of each pasted URL, of one host or several',
    match: tab,
    whileTyping: true,
  },
  'add.cancel': {
    keys: 'Esc',
    label: 'back',
    help: 'back to the domains',
    match: esc,
    whileTyping: true,
  },

  ...rawBindings,
} satisfies Record<string, Binding>;

export type ActionId = keyof typeof keymap;

/** Does this key press mean this action? `sequence` is its raw bytes, for keys like F1. */
export function matches(action: ActionId, input: string, key: Key, sequence = ''): boolean {
  const b = keymap[action] as Binding;
  return b.match(input, key) || (b.sequence?.(sequence) ?? false);
}

export function binding(action: ActionId): Binding {
  return keymap[action];
}

export interface ScreenKeys {
  /** Shown in the footer, in this order; the last give way first where the room ends. */
  footer: ActionId[];
  /** Listed by `?`, after the footer's. */
  more: ActionId[];
  /** Shown in the footer instead while a text field of the screen has focus. */
  typing?: ActionId[];
}

const FIELD_KEYS: ActionId[] = ['field.move', 'field.kill', 'field.killWord'];

/** Which keys each screen has; `?` lists these plus the global ones. */
export const screenKeys: Record<RouteName, ScreenKeys> = {
  welcome: { footer: ['welcome.move', 'welcome.choose'], more: [] },
  profileForm: {
    footer: ['form.submit', 'form.next', 'form.previous', 'form.cancel'],
    more: FIELD_KEYS,
    typing: ['form.submit', 'form.next', 'form.previous', 'form.cancel'],
  },
  projects: {
    footer: [
      'projects.open',
      'projects.filter',
      'projects.more',
      'projects.enterId',
      'projects.clearFilter',
      'nav.back',
    ],
    more: ['projects.up', 'projects.down', 'projects.all', 'projects.refresh', 'profiles.switch'],
    typing: ['projects.typedEnter', 'projects.typedCancel', 'filter.move'],
  },
  domains: {
    footer: [
      'domains.open',
      'domains.filter',
      'domains.sort',
      'domains.nextPage',
      'domains.previousPage',
      'domains.add',
      'domains.raw',
      'domains.refresh',
      'domains.checkDns',
      'domains.stopLoading',
      'domains.clearView',
      'nav.back',
      'domains.projects',
    ],
    more: [
      'domains.up',
      'domains.down',
      'domains.first',
      'domains.last',
      'domains.pageScroll',
      'domains.reverse',
      'domains.watch',
      'domains.resumeWatch',
      'profiles.switch',
    ],
    typing: ['domains.filterKeep', 'domains.filterCancel', 'domains.filterMove'],
  },
  profiles: {
    footer: ['profiles.move', 'profiles.use', 'nav.back'],
    more: [],
  },
  domain: {
    footer: [
      'domain.copyValue',
      'domain.copyHost',
      'domain.copyZone',
      'domain.check',
      'domain.watch',
      'domain.pauseWatch',
      'nav.back',
    ],
    more: ['domain.up', 'domain.down', 'domain.scroll'],
  },
  addDomain: {
    footer: ['add.submit', 'add.useHost', 'add.copyZone', 'add.edit', 'add.scroll', 'add.cancel'],
    more: FIELD_KEYS,
    typing: ['add.submit', 'add.useHost', 'add.cancel'],
  },
  raw: rawScreenKeys(FIELD_KEYS),
};

/** The keys every screen has; `help` are heard only while the help is open. */
export const globalKeys: { idle: ActionId[]; typing: ActionId[]; help: ActionId[] } = {
  idle: ['app.help', 'app.quit'],
  typing: ['app.helpAnywhere', 'app.forceQuit'],
  help: ['help.scroll'],
};

/** The `?` help of a screen: every key it has, then the global ones. */
export function helpKeys(screen: RouteName): ActionId[] {
  const keys = screenKeys[screen];
  const all = [...keys.footer, ...keys.more, ...(keys.typing ?? [])];
  const seen = new Set<string>();
  const unique = all.filter((id) => {
    const b = keymap[id] as Binding;
    const label = `${b.keys}\u0000${b.help}`;
    if (seen.has(label)) return false;
    seen.add(label);
    return true;
  });
  return [...unique, 'app.help', 'app.helpAnywhere', 'help.scroll', 'app.quit', 'app.forceQuit'];
}
