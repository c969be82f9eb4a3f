import type { Binding } from '../app/keymap.js';
import { any, down, pageDown, pageUp, plain, up } from '../input/key-predicates.js';

/**
 * The keys of the domain screen (one domain, its records and stages): part of the one key-map
 * (keymap.ts), kept here for its size.
 */
export const domainBindings = {
  'domain.up': { keys: '↑ k', help: 'select the record above', match: any(up, plain('k')) },
  'domain.down': { keys: '↓ j', help: 'select the record below', match: any(down, plain('j')) },
  'domain.copyValue': {
    keys: 'c',
    label: 'copy value',
    help: "copy the selected record's value",
    match: plain('c'),
  },
  'domain.copyHost': {
    keys: 'h',
    label: 'copy host',
    help: "copy the selected record's host",
    match: plain('h'),
  },
  'domain.copyZone': {
    keys: 'z',
    label: 'copy zone',
    help: 'copy all records as a BIND zone snippet',
    match: plain('z'),
  },
  'domain.scroll': {
    keys: 'PgUp PgDn',
    label: 'scroll',
    help: 'scroll the details when they are taller than the terminal',
    match: any(pageUp, pageDown),
  },
  'domain.check': {
    keys: 'd',
    label: 'check',
    help: 'look the records up in DNS and mark each: ok, missing, wrong (with what was found), error; and ask HTTPS',
    match: plain('d'),
  },
  'domain.watch': {
    keys: 'w',
    label: 'watch',
    help: 'watch the stages until the domain serves HTTPS, each shown as it is reached, as domains wait does; w again pauses',
    match: plain('w'),
  },
  // w while the watch runs: the footer says what w does now, as Esc's meanings do.
  'domain.pauseWatch': {
    keys: 'w',
    label: 'pause watch',
    help: 'while watching: pause the watch where it is (w then watches again)',
    match: plain('w'),
  },
} satisfies Record<string, Binding>;
