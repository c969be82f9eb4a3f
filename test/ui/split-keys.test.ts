import { describe, expect, it, vi } from 'vitest';
import { HOLD_LIMIT_MS, KeyBus, type KeyHandler } from '../../src/ui/input/key-bus.js';
import { groupText, splitKeys } from '../../src/ui/input/split-keys.js';

/** Each key as a short name: the text typed, or the key's flag (with its modifiers). */
function names(data: string): string[] {
  return splitKeys(data).map(({ input, key }) => {
    const flags = Object.entries(key)
      .filter(([name, on]) => on === true && !['ctrl', 'meta', 'shift'].includes(name))
      .map(([name]) => name);
    const mods = [key.ctrl && 'ctrl', key.meta && !key.escape && 'meta'].filter(Boolean);
    return [...mods, ...flags, input].filter(Boolean).join('+');
  });
}

describe('splitKeys', () => {
  it('splits letters, arrows, Enter and controls that came in one read, in order', () => {
    expect(names('jj')).toEqual(['j', 'j']);
    expect(names('\u001b[B\u001b[B\u001b[B')).toEqual(['downArrow', 'downArrow', 'downArrow']);
    expect(names('j\r')).toEqual(['j', 'return']);
    expect(names('ab\u0015c')).toEqual(['a', 'b', 'ctrl+u', 'c']);
    expect(names('\u0001\u0005\u000b\u0017')).toEqual(['ctrl+a', 'ctrl+e', 'ctrl+k', 'ctrl+w']);
    expect(names('\u001bb\u001bf')).toEqual(['meta+b', 'meta+f']);
    expect(names('\u001b[1;5C')).toEqual(['ctrl+rightArrow']);
    expect(names('\u001b[5~\u001b[Z\t')).toEqual(['pageUp', 'tab', 'tab']);
    expect(names('\u001b[H\u001b[F\u001b[3~')).toEqual(['home', 'end', 'delete']);
  });

  it('reads Esc and a key in one read as the two keys, unless the UI binds Alt with that key', () => {
    // A walkthrough's finding: Esc then G typed quickly did nothing (read as Alt+G, bound to
    // nothing); the same keys one by one cleared the filter and went to the last row.
    expect(names('\u001bG')).toEqual(['escape', 'G']);
    expect(names('\u001bj\u001bs')).toEqual(['escape', 'j', 'escape', 's']);
    expect(names('\u001b\u001b')).toEqual(['escape', 'escape']);
    // The text fields' Alt+B, F and D, and the named Alt+Backspace and Alt+Enter, stay whole.
    expect(names('\u001bb\u001bf\u001bd')).toEqual(['meta+b', 'meta+f', 'meta+d']);
    expect(names('\u001b\u007f')).toEqual(['meta+backspace']);
    expect(names('\u001b\r')).toEqual(['meta+return']);
  });

  it('tells Backspace (DEL) from Delete, and a trailing Esc is the Esc key', () => {
    expect(names('\u007f\u007f')).toEqual(['backspace', 'backspace']);
    expect(names('x\u001b')).toEqual(['x', 'escape']);
    expect(splitKeys('\u001b[Z')[0]?.key.shift).toBe(true);
    expect(splitKeys('Q')[0]).toMatchObject({ input: 'Q', text: true, key: { shift: true } });
  });

  it('keeps every character of a paste, emoji and accents included, and groupText joins them', () => {
    const keys = splitKeys('é😀 x\u0301?');
    expect(keys.every((k) => k.text)).toBe(true);
    expect(keys.map((k) => k.input).join('')).toBe('é😀 x\u0301?');
    expect(groupText(splitKeys('shop.example.com\rab'))).toMatchObject([
      { input: 'shop.example.com', text: true },
      { input: '', text: false, key: { return: true } },
      { input: 'ab', text: true },
    ]);
  });
});

const record = (log: string[], who: string): KeyHandler => {
  return (input, key) => log.push(`${who}:${key.return ? '⏎' : input}`);
};
const flush = async () => {
  for (let i = 0; i < 20; i++) await new Promise((resolve) => setImmediate(resolve));
};

describe('KeyBus', () => {
  it('hands a list one key at a time, the app first, and waits for the UI between keys', async () => {
    const log: string[] = [];
    let settled = 0;
    const bus = new KeyBus(async () => {
      settled++;
      log.push('settle');
    });
    bus.subscribe({
      handler: { current: record(log, 'screen') },
      active: { current: true },
      text: false,
      global: false,
    });
    bus.subscribe({
      handler: { current: record(log, 'app') },
      active: { current: true },
      text: false,
      global: true,
    });
    bus.push('jk\r');
    await flush();
    expect(log).toEqual([
      'app:j',
      'screen:j',
      'settle',
      'app:k',
      'screen:k',
      'settle',
      'app:⏎',
      'screen:⏎',
      'settle',
    ]);
    expect(settled).toBe(3);
  });

  it('gives a text field with focus the characters typed together as one run, and only to it', async () => {
    const log: string[] = [];
    const bus = new KeyBus(async () => {});
    bus.subscribe({
      handler: { current: record(log, 'field') },
      active: { current: true },
      text: true,
      global: false,
    });
    bus.subscribe({
      handler: { current: record(log, 'screen') },
      active: { current: true },
      text: false,
      global: false,
    });
    bus.subscribe({
      handler: { current: record(log, 'off') },
      active: { current: false },
      text: false,
      global: false,
    });
    bus.push('shop.example.com\r');
    await flush();
    expect(log).toEqual(['field:shop.example.com', 'field:⏎', 'screen:⏎']);
  });

  it('decides who hears a key before anyone handles it', async () => {
    const log: string[] = [];
    const helpOpen = { current: true };
    const screenActive = { current: false };
    const bus = new KeyBus(async () => {});
    bus.subscribe({
      handler: {
        current: (input) => {
          log.push(`app:${input}`);
          // The app closes its help on this key: the screen listens again, from the next key on.
          helpOpen.current = false;
          screenActive.current = true;
        },
      },
      active: { current: true },
      text: false,
      global: true,
    });
    bus.subscribe({
      handler: { current: record(log, 'screen') },
      active: screenActive,
      text: false,
      global: false,
    });
    bus.push('?j');
    await flush();
    expect(log).toEqual(['app:?', 'app:j', 'screen:j']);
    expect(helpOpen.current).toBe(false);
  });
});

describe('the key bus holds keys while a list loads (hold)', () => {
  const listening = (bus: KeyBus, log: string[]) =>
    bus.subscribe({
      handler: { current: record(log, 'screen') },
      active: { current: true },
      text: false,
      global: false,
    });

  it('keeps the keys, typed before or during the load, until the hold ends, then gives them in order', async () => {
    const log: string[] = [];
    const bus = new KeyBus(async () => {});
    listening(bus, log);
    bus.push('p');
    await flush();
    const release = bus.hold();
    bus.push('\rj');
    bus.push('j');
    await flush();
    expect(log).toEqual(['screen:p']);
    release();
    await flush();
    expect(log).toEqual(['screen:p', 'screen:⏎', 'screen:j', 'screen:j']);
  });

  it('gives them on after HOLD_LIMIT_MS when the list never comes; Ctrl+C never waits', async () => {
    const log: string[] = [];
    const bus = new KeyBus(async () => {});
    listening(bus, log);
    const started = performance.now();
    bus.hold();
    bus.push('jq');
    await flush();
    expect(log).toEqual([]);
    await vi.waitFor(() => expect(log).toEqual(['screen:j', 'screen:q']), {
      timeout: HOLD_LIMIT_MS + 2_000,
    });
    expect(performance.now() - started).toBeGreaterThanOrEqual(HOLD_LIMIT_MS - 50);
    // A new hold, and Ctrl+C: it goes at once, and the keys before it are dropped (the app ends).
    bus.hold();
    bus.push('k\u0003');
    await flush();
    expect(log).toEqual(['screen:j', 'screen:q', 'screen:c']);
  });
});
