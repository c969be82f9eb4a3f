import type { Key } from 'ink';
import { EXCLUSIVE_MEANINGS } from '../../src/ui/domains/keymap-domains.js';
import { describe, expect, it } from 'vitest';
import {
  type ActionId,
  binding,
  globalKeys,
  matches,
  screenKeys,
} from '../../src/ui/app/keymap.js';
import {
  initialNavigation,
  navigationReducer,
  type Route,
  type RouteName,
  topRoute,
} from '../../src/ui/app/navigation.js';

const projects: Route = { name: 'projects' };
const domains: Route = { name: 'domains', project: { id: 'prj_a' } };
const add: Route = { name: 'addDomain', project: { id: 'prj_a' } };

describe('the navigation stack', () => {
  it('pushes, pops, replaces, and keeps the first screen', () => {
    let state = initialNavigation([projects]);
    state = navigationReducer(state, { type: 'push', route: domains });
    state = navigationReducer(state, { type: 'push', route: add });
    expect(state.stack.map((e) => e.route.name)).toEqual(['projects', 'domains', 'addDomain']);
    state = navigationReducer(state, { type: 'replace', route: { name: 'raw' } });
    expect(topRoute(state).name).toBe('raw');
    state = navigationReducer(state, { type: 'pop' });
    state = navigationReducer(state, { type: 'pop' });
    state = navigationReducer(state, { type: 'pop' });
    expect(state.stack.map((e) => e.route.name)).toEqual(['projects']);
  });

  it('gives every entry its own key, so a screen keeps its state under others', () => {
    let state = initialNavigation([projects, domains]);
    state = navigationReducer(state, { type: 'push', route: add });
    state = navigationReducer(state, { type: 'pop' });
    state = navigationReducer(state, { type: 'push', route: add });
    const keys = state.stack.map((e) => e.key);
    expect(new Set(keys).size).toBe(keys.length);
    expect(keys.slice(0, 2)).toEqual([0, 1]);
  });

  it('popTo goes back to a screen on the stack, or pushes it, so Esc comes back', () => {
    let state = initialNavigation([projects, domains, add]);
    state = navigationReducer(state, { type: 'popTo', route: projects });
    expect(state.stack.map((e) => e.key)).toEqual([0]);
    state = initialNavigation([domains]);
    state = navigationReducer(state, { type: 'popTo', route: projects });
    expect(state.stack.map((e) => e.route.name)).toEqual(['domains', 'projects']);
    state = navigationReducer(state, { type: 'pop' });
    expect(state.stack.map((e) => e.route.name)).toEqual(['domains']);
  });
});

const key = (patch: Partial<Key> = {}): Key => ({
  upArrow: false,
  downArrow: false,
  leftArrow: false,
  rightArrow: false,
  pageDown: false,
  pageUp: false,
  home: false,
  end: false,
  return: false,
  escape: false,
  ctrl: false,
  shift: false,
  tab: false,
  backspace: false,
  delete: false,
  meta: false,
  super: false,
  hyper: false,
  capsLock: false,
  numLock: false,
  ...patch,
});

const presses: [string, Key][] = [
  ...'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ/?'
    .split('')
    .map((c): [string, Key] => [c, key()]),
  ['', key({ upArrow: true })],
  ['', key({ downArrow: true })],
  ['', key({ leftArrow: true })],
  ['', key({ rightArrow: true })],
  ['', key({ return: true })],
  ['', key({ escape: true })],
  ['', key({ tab: true })],
  ['', key({ tab: true, shift: true })],
  ['', key({ pageUp: true })],
  ['', key({ pageDown: true })],
  ['c', key({ ctrl: true })],
];

describe('the key-map', () => {
  it('gives no key two meanings on one screen (global keys included)', () => {
    for (const [screen, keys] of Object.entries(screenKeys) as [
      RouteName,
      (typeof screenKeys)[RouteName],
    ][]) {
      const modes: ActionId[][] = [
        [...keys.footer, ...keys.more, ...globalKeys.idle, 'app.forceQuit'],
        ...(keys.typing ? [[...keys.typing, 'app.forceQuit' as const]] : []),
      ];
      for (const actions of modes) {
        for (const [input, k] of presses) {
          const found = [...new Set(actions)].filter((a) => matches(a, input, k));
          // Meanings of which the screen makes exactly one available at a time count as one.
          const group = EXCLUSIVE_MEANINGS.find((g) => found.every((a) => g.includes(a)));
          const meaning = group && found.length > 1 ? [found.join(' | ')] : found;
          expect(
            meaning.length,
            `${screen}: ${input || JSON.stringify(k)} → ${meaning}`,
          ).toBeLessThanOrEqual(1);
        }
      }
    }
  });

  it('keeps typing keys apart from the single-letter shortcuts', () => {
    for (const keys of Object.values(screenKeys)) {
      for (const id of keys.typing ?? []) expect(binding(id).whileTyping, id).toBe(true);
    }
    expect(binding('app.quit').whileTyping).toBeUndefined();
    expect(binding('app.forceQuit').whileTyping).toBe(true);
  });
});
