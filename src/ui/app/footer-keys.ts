import { type ActionId, binding, globalKeys, screenKeys } from './keymap.js';
import { FOOTER_GAP, FOOTER_LINES, footerItemText } from './layout.js';
import type { RouteName } from './navigation.js';

/**
 * The way back of each screen (or, on the first screen, the way to another), whatever Esc means
 * there now: always in its footer, however little room is left. Of keys that share Esc, the
 * screen makes one available at a time (EXCLUSIVE_MEANINGS), so the footer names what Esc does.
 */
export const WAY_BACK: Record<RouteName, readonly ActionId[]> = {
  welcome: [],
  profileForm: ['form.cancel'],
  projects: ['projects.clearFilter', 'nav.back', 'projects.typedCancel'],
  domains: [
    'domains.stopLoading',
    'domains.clearView',
    'nav.back',
    'domains.projects',
    'domains.filterCancel',
  ],
  profiles: ['nav.back'],
  domain: ['nav.back'],
  addDomain: ['add.cancel'],
  raw: ['raw.back', 'raw.pick.close', 'raw.prompt.cancel'],
};

/**
 * Every key the footer could show now, in the key-map's order: the screen's main keys (or, while
 * typing, the keys that still work), then the global ones, less those that do nothing now
 * (`unavailable`: no next page on the last one, no Esc on the first screen).
 */
export function footerKeys(
  screen: RouteName,
  typing: boolean,
  unavailable: ReadonlySet<ActionId> = NONE,
): ActionId[] {
  const keys = screenKeys[screen];
  const all = typing
    ? [...(keys.typing ?? keys.footer), ...globalKeys.typing]
    : [...keys.footer, ...globalKeys.idle];
  return all.filter((id) => !unavailable.has(id));
}

const NONE: ReadonlySet<ActionId> = new Set();

/** A text field's own keys: they edit the field that has focus, and do nothing without one. */
const FIELD_EDITING: ReadonlySet<ActionId> = new Set([
  'field.move',
  'field.kill',
  'field.killWord',
]);

/**
 * Whether a key of the screen's `?` help works now, by the facts the footer goes by: not one the
 * screen says does nothing now (`unavailable`), and one of the mode it is in. While a text field
 * has focus only the keys heard there work (whileTyping, the field's own editing keys); without
 * one, neither the field's editing keys nor the keys the screen has only while typing (the
 * filter's Enter) do. F1, Ctrl+C and the help's own scroll work in both. The help dims the rest.
 */
export function worksNow(
  screen: RouteName,
  id: ActionId,
  typing: boolean,
  unavailable: ReadonlySet<ActionId> = NONE,
): boolean {
  if (unavailable.has(id)) return false;
  if (id === 'help.scroll' || globalKeys.typing.includes(id)) return true;
  if (FIELD_EDITING.has(id)) return typing;
  if (typing) return binding(id).whileTyping === true;
  const keys = screenKeys[screen];
  return keys.footer.includes(id) || keys.more.includes(id) || globalKeys.idle.includes(id);
}

const widthOf = (id: ActionId) => {
  const { keys, label } = footerItemText(id);
  return keys.length + 1 + label.length;
};

/** The keys laid out in lines of `columns`, wrapped between keys, never inside one. */
function wrap(ids: readonly ActionId[], columns: number): ActionId[][] {
  const lines: ActionId[][] = [];
  let used = 0;
  for (const id of ids) {
    const width = widthOf(id);
    const line = lines.at(-1);
    if (line && used + FOOTER_GAP + width <= columns) {
      line.push(id);
      used += FOOTER_GAP + width;
    } else {
      lines.push([id]);
      used = width;
    }
  }
  return lines;
}

/**
 * The footer's keys, in at most FOOTER_LINES lines, so that no screen's size depends on which
 * keys work now. When they do not all fit, the screen's keys give way from the last in the
 * key-map's list (its least used) first; the way back, `?` and quitting always stay, and `?`
 * lists every key.
 */
export function footerLines(
  screen: RouteName,
  typing: boolean,
  columns: number,
  unavailable?: ReadonlySet<ActionId>,
): ActionId[][] {
  const all = footerKeys(screen, typing, unavailable);
  const kept = new Set([...WAY_BACK[screen], ...globalKeys.idle, ...globalKeys.typing]);
  let shown = all;
  let lines = wrap(shown, columns);
  for (let i = all.length - 1; i >= 0 && lines.length > FOOTER_LINES; i--) {
    const id = all[i] as ActionId;
    if (kept.has(id)) continue;
    shown = shown.filter((other) => other !== id);
    lines = wrap(shown, columns);
  }
  return lines.slice(0, FOOTER_LINES);
}
