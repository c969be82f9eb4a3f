import type { ActionId, Binding } from '../app/keymap.js';
import {
  any,
  down,
  end,
  enter,
  esc,
  home,
  left,
  pageDown,
  pageUp,
  plain,
  right,
  up,
} from '../input/key-predicates.js';
import { RAW_EXCLUSIVE_MEANINGS } from '../raw/keymap-raw.js';

/**
 * The keys of the domains screen and of the profile picker: part of the one key-map (keymap.ts),
 * kept here for its size.
 */
export const domainsListBindings = {
  'domains.up': {
    keys: '↑ k',
    help: 'select the domain above (on a first row: the page before)',
    match: any(up, plain('k')),
  },
  'domains.down': {
    keys: '↓ j',
    help: 'select the domain below (on a last row: the next page)',
    match: any(down, plain('j')),
  },
  'domains.first': {
    keys: 'g Home',
    label: 'first',
    help: 'select the first row',
    match: any(plain('g'), home),
  },
  'domains.last': {
    keys: 'G End',
    label: 'last',
    help: 'select the last row',
    match: any(plain('G'), end),
  },
  'domains.pageScroll': {
    keys: 'PgUp PgDn',
    label: 'page',
    help: 'a screenful of rows up or down; in the pages, a page',
    match: any(pageUp, pageDown),
  },
  'domains.open': {
    keys: 'Enter',
    label: 'details',
    help: 'details and DNS records',
    match: enter,
  },
  'domains.nextPage': { keys: 'n →', help: 'next page', match: any(plain('n'), right) },
  'domains.previousPage': {
    keys: 'b ←',
    label: 'previous',
    help: 'previous page',
    match: any(plain('b'), left),
  },
  'domains.refresh': {
    keys: 'r',
    label: 'refresh',
    help: 'reload this page and every domain',
    match: plain('r'),
  },
  'domains.add': { keys: 'a', label: 'add', help: 'add a domain', match: plain('a') },
  'domains.raw': {
    keys: 'x',
    label: 'raw request',
    help: 'send a raw API request',
    match: plain('x'),
  },
  'domains.projects': {
    keys: 'p',
    label: 'projects',
    help: 'pick another project',
    match: plain('p'),
  },
  'domains.filter': {
    keys: '/',
    label: 'filter',
    help: 'filter every domain by host name (fuzzy) and the words pending, verified, expiring',
    match: plain('/'),
  },
  'domains.sort': {
    keys: 's',
    label: 'sort',
    help: 'sort every domain by host, status, TLS expiry (soonest first) or created (newest first)',
    match: plain('s'),
  },
  'domains.reverse': {
    keys: 'S',
    label: 'reverse',
    help: 'turn the sort the other way',
    match: plain('S'),
  },
  'domains.checkDns': {
    keys: 'd',
    label: 'check DNS',
    help: 'check the DNS records of every pending domain on screen (Enter shows one in full)',
    match: plain('d'),
  },
  'domains.watch': {
    keys: 'w',
    label: 'pause watch',
    help: 'pause the refresh of the pending domains on screen (w then resumes it)',
    match: plain('w'),
  },
  // w while the watch is paused: the help says what w does now, as on a domain's screen.
  'domains.resumeWatch': {
    keys: 'w',
    label: 'resume watch',
    help: 'while paused: refresh the pending domains on screen again',
    match: plain('w'),
  },
  'domains.stopLoading': {
    keys: 'Esc',
    label: 'stop loading',
    help: 'stop loading every page (the filter and sort work on what is loaded)',
    match: esc,
  },
  'domains.clearView': {
    keys: 'Esc',
    label: 'back to pages',
    help: 'clear the filter and the sort: back to the pages',
    match: esc,
  },
  'domains.filterKeep': {
    keys: 'Enter',
    label: 'keep filter',
    help: 'while filtering: keep the filter and go to the matches',
    match: enter,
    whileTyping: true,
  },
  'domains.filterCancel': {
    keys: 'Esc',
    label: 'clear',
    help: 'while filtering: stop loading if it still loads (the filter stays), else clear it',
    match: esc,
    whileTyping: true,
  },
  'domains.filterMove': {
    keys: '↑↓',
    label: 'select',
    help: 'while filtering: select a match',
    match: any(up, down),
    whileTyping: true,
  },
  'add.copyZone': {
    keys: 'z',
    label: 'copy zone',
    help: 'after adding several: copy the records of every new domain as one zone snippet',
    match: plain('z'),
  },
  'add.edit': {
    keys: 'e',
    label: 'edit list',
    help: 'after adding several: edit the host names again (all kept as typed)',
    match: plain('e'),
  },
  'add.scroll': {
    keys: '↑↓ j k PgUp PgDn g G',
    label: 'scroll',
    help: 'after adding several: scroll back through the results, by a host, by a screenful, to the first (g, Home) or the latest (G, End)',
    match: any(
      up,
      down,
      plain('j'),
      plain('k'),
      pageUp,
      pageDown,
      plain('g'),
      plain('G'),
      home,
      end,
    ),
  },
  'profiles.switch': {
    keys: 'P',
    label: 'profiles',
    help: 'switch to another configured profile',
    match: plain('P'),
  },
  'profiles.move': {
    keys: '↑↓ j k',
    label: 'choose',
    help: 'select a profile',
    match: any(up, down, plain('j'), plain('k')),
  },
  'profiles.use': {
    keys: 'Enter',
    label: 'use',
    help: 'use the selected profile now (the saved default stays as it is)',
    match: enter,
  },
} satisfies Record<string, Binding>;

/**
 * Keys with more than one meaning on a screen, of which exactly one works at a time (the screen
 * says which through useAvailableKeys, and the footer shows only that one): Esc on the domains
 * screen stops the background load while it runs under a filter or sort, else clears them, else
 * goes back; on the projects screen it clears a filter, else goes back; on a domain's screen w
 * watches, or pauses the watch that runs; on the domains screen w pauses the watch, or resumes it. The raw screen's are in keymap-raw.ts.
 */
export const EXCLUSIVE_MEANINGS: readonly (readonly ActionId[])[] = [
  ['domains.stopLoading', 'domains.clearView', 'nav.back'],
  ['projects.clearFilter', 'nav.back'],
  ['domain.watch', 'domain.pauseWatch'],
  ['domains.watch', 'domains.resumeWatch'],
  RAW_EXCLUSIVE_MEANINGS,
];
