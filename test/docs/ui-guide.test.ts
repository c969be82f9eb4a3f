import { describe, expect, it } from 'vitest';
import { groupText, splitKeys } from '../../src/ui/input/split-keys.js';
import { type ActionId, globalKeys, keymap, screenKeys } from '../../src/ui/app/keymap.js';
import { editOf } from '../../src/ui/input/line-editor-keys.js';
import type { RouteName } from '../../src/ui/app/navigation.js';
import { column, readGuide, section } from '../helpers/guide.js';

// docs/ui.md against the key-map (src/ui/app/keymap.ts), which also writes the footer and the `?`
// help: every action is listed under the screen that has it, with the keys the key-map gives it,
// and the guide lists no key, action or screen that the key-map does not have.

const guide = readGuide(new URL('../../docs/ui.md', import.meta.url));

/** The subsections of "Screens and keys", one a screen. */
function screenSections(): string[] {
  const start = guide.indexOf(section(guide, 'Screens and keys', 2));
  const end = guide.findIndex((s, i) => i > start && s.depth <= 2);
  return guide
    .slice(start + 1, end === -1 ? undefined : end)
    .filter((s) => s.depth === 3)
    .map((s) => s.title);
}

/** The guide's section of each screen, by its title under "Screens and keys". */
const SCREENS: Record<string, RouteName | 'every screen'> = {
  'Every screen': 'every screen',
  Welcome: 'welcome',
  'Profile form': 'profileForm',
  Projects: 'projects',
  Domains: 'domains',
  Profiles: 'profiles',
  Domain: 'domain',
  'Add domain': 'addDomain',
  'Raw request': 'raw',
};

/** The rows of a screen's table: the keys as written, and the action they name. */
function rows(title: string): { keys: string; action: string }[] {
  const screen = section(guide, title, 3);
  return screen.tables.flatMap((table) =>
    table.map(([keys, _does, action]) => ({
      keys: keys?.codes.join(' | ') ?? '',
      action: action?.codes.join(' | ') ?? '',
    })),
  );
}

/** The actions the key-map gives a screen: its footer, its help, its keys while typing. */
function actionsOf(screen: RouteName | 'every screen'): string[] {
  if (screen === 'every screen') {
    return [...new Set([...globalKeys.idle, ...globalKeys.typing, ...globalKeys.help])];
  }
  const keys = screenKeys[screen];
  return [...new Set([...keys.footer, ...keys.more, ...(keys.typing ?? [])])];
}

describe('the UI guide and the key-map', () => {
  it('has a section for every screen of the key-map', () => {
    expect(screenSections()).toEqual(Object.keys(SCREENS));
    expect(
      Object.values(SCREENS)
        .filter((s) => s !== 'every screen')
        .sort(),
    ).toEqual(Object.keys(screenKeys).sort());
  });

  it("lists each screen's actions, each with the keys the key-map gives it", () => {
    for (const [title, screen] of Object.entries(SCREENS)) {
      const listed = rows(title);
      expect({ title, actions: listed.map((row) => row.action).sort() }).toEqual({
        title,
        actions: actionsOf(screen).sort(),
      });
      for (const { keys, action } of listed) {
        expect({ action, keys }).toEqual({ action, keys: keymap[action as ActionId]?.keys });
      }
    }
  });

  it('lists every action of the key-map', () => {
    const listed = new Set(
      Object.keys(SCREENS).flatMap((title) => rows(title).map((r) => r.action)),
    );
    expect([...listed].sort()).toEqual(Object.keys(keymap).sort());
  });
});

// What a terminal (xterm, tmux) sends for the keys the text fields' table names.
const NAMED: Record<string, string[]> = {
  '←→': ['\u001b[D', '\u001b[C'],
  'Ctrl+←→': ['\u001b[1;5D', '\u001b[1;5C'],
  Home: ['\u001b[H'],
  End: ['\u001b[F'],
  Backspace: ['\u007f'],
  'Alt+Backspace': ['\u001b\u007f'],
  Delete: ['\u001b[3~'],
};
const LETTERS = [...'ABCDEFGHIJKLMNOPQRSTUVWXYZ'];
const ctrl = (letter: string) => String.fromCharCode(letter.charCodeAt(0) - 64);
const alt = (letter: string) => `\u001b${letter.toLowerCase()}`;

/** The bytes of a key as the guide names it; undefined for a name no terminal key has. */
function bytesOf(name: string): string[] | undefined {
  const letter = /^(Ctrl|Alt)\+([A-Z])$/.exec(name);
  if (letter) return [letter[1] === 'Ctrl' ? ctrl(letter[2] ?? '') : alt(letter[2] ?? '')];
  return NAMED[name];
}

/** The text field's edits for what the terminal sent, as the key bus hands it on. */
const editsOf = (bytes: string) =>
  groupText(splitKeys(bytes)).map(({ input, key }) => editOf(input, key)?.type ?? 'none');

describe("the UI guide and the text fields' keys", () => {
  const listed = column(section(guide, 'Text fields', 2), 0).flatMap((cell) => cell.codes);

  it('lists only keys that edit a text field', () => {
    for (const name of listed) {
      const bytes = bytesOf(name);
      expect({ name, known: bytes !== undefined }).toEqual({ name, known: true });
      for (const sent of bytes ?? []) {
        const edits = editsOf(sent);
        expect({ name, edits }).toEqual({
          name,
          edits: [expect.not.stringMatching(/^(none|insert)$/)],
        });
      }
    }
  });

  it('lists every Ctrl and Alt letter that edits a text field', () => {
    const editing = LETTERS.flatMap((letter) =>
      [`Ctrl+${letter}`, `Alt+${letter}`].filter((name) =>
        editsOf(bytesOf(name)?.[0] ?? '').some((edit) => edit !== 'none' && edit !== 'insert'),
      ),
    );
    expect(listed.filter((name) => /^(Ctrl|Alt)\+[A-Z]$/.test(name)).sort()).toEqual(
      editing.sort(),
    );
  });
});

describe("the README's table of the domains screen's keys", () => {
  const readme = readGuide(new URL('../../README.md', import.meta.url));
  const keys = column(section(readme, 'What it is', 2), 0).map((cell) => cell.codes[0] ?? '');

  it('names keys the key-map gives the domains screen or the add form, and each only once', () => {
    const actions = [...actionsOf('domains'), ...actionsOf('addDomain')];
    const given = new Set(actions.flatMap((action) => keymap[action as ActionId].keys.split(' ')));
    expect(keys).toEqual(['/', 's', 'w', 'd', 'a', 'z', 'P']);
    for (const key of keys) expect({ key, given: given.has(key) }).toEqual({ key, given: true });
  });
});
