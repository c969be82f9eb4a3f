import { EventEmitter } from 'node:events';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { stripVTControlCharacters } from 'node:util';
import chalk from 'chalk';
import { render } from 'ink-testing-library';
import type { GlobalFlags } from '../../src/config/resolve.js';
import { bootUi } from '../../src/ui/app/boot.js';
import { prefetchFirstScreen } from '../../src/ui/app/prefetch.js';
import { keyedApp } from '../../src/ui/app/render-app.js';

export type KeyName =
  | 'up'
  | 'down'
  | 'left'
  | 'right'
  | 'enter'
  | 'esc'
  | 'tab'
  | 'shift-tab'
  | 'backspace'
  | 'pageup'
  | 'pagedown'
  | 'home'
  | 'end'
  | 'ctrl-c';

const SEQUENCES: Record<KeyName, string> = {
  up: '\u001b[A',
  down: '\u001b[B',
  right: '\u001b[C',
  left: '\u001b[D',
  enter: '\r',
  esc: '\u001b',
  tab: '\t',
  'shift-tab': '\u001b[Z',
  backspace: '\u007f',
  pageup: '\u001b[5~',
  pagedown: '\u001b[6~',
  home: '\u001b[H',
  end: '\u001b[F',
  'ctrl-c': '\u0003',
};

const ESC = '\u001b';

/** Text as a terminal in bracketed-paste mode sends a paste: between ESC[200~ and ESC[201~. */
export const pasted = (text: string): string => `${ESC}[200~${text}${ESC}[201~`;

/** Drops OSC strings (the clipboard's OSC 52) and DCS strings (tmux passthrough) from output. */
function dropStrings(output: string): string {
  let result = '';
  let i = 0;
  while (i < output.length) {
    const start = output.indexOf(ESC, i);
    if (start === -1) return result + output.slice(i);
    const kind = output[start + 1];
    if (kind !== ']' && kind !== 'P') {
      result += output.slice(i, start + 1);
      i = start + 1;
      continue;
    }
    result += output.slice(i, start);
    // An OSC ends with BEL or ESC \; a DCS with ESC \ (a passthrough holds ESCs inside).
    const bel = kind === ']' ? output.indexOf('\u0007', start) : -1;
    const st = output.indexOf(`${ESC}\\`, start + 2);
    const ends = [bel === -1 ? -1 : bel + 1, st === -1 ? -1 : st + 2].filter((n) => n > 0);
    i = ends.length ? Math.min(...ends) : output.length;
  }
  return result;
}

export function plainText(output: string): string {
  return stripVTControlCharacters(dropStrings(output));
}

/** A frame's words on one line, for sentences the terminal's width may have wrapped. */
export function oneLine(frame: string): string {
  return frame.replace(/\s+/g, ' ');
}

/**
 * A key's help as the overlay draws it: from its line, under its description's column, down to
 * the next key of that column, in one column or in either of two.
 */
export function helpIn(frame: string, keys: string, start: string): string | undefined {
  const lines = frame.split('\n');
  for (const [i, line] of lines.entries()) {
    // The keys at the start of a column: at the line's start or after a space.
    for (let at = line.indexOf(`${keys}  `); at !== -1; at = line.indexOf(`${keys}  `, at + 1)) {
      if (at > 0 && line[at - 1] !== ' ') continue;
      const text =
        at +
        keys.length +
        (line.slice(at + keys.length).length - line.slice(at + keys.length).trimStart().length);
      if (!line.startsWith(start, text)) continue;
      const words = [line.slice(text).split(/ {2,}/)[0]];
      for (const next of lines.slice(i + 1)) {
        // A line of the same help: nothing under the keys, text under the help.
        if (next.slice(at, text).trim() !== '' || (next[text] ?? ' ') === ' ') break;
        words.push(next.slice(text).split(/ {2,}/)[0]);
      }
      return words.join(' ');
    }
  }
  return undefined;
}

/** Where a scrolling `?` help is: `keys 1–13 of 25 · ↑↓ j k PgUp PgDn scroll`. */
export const HELP_POSITION = /^keys (\d+)–(\d+) of (\d+) · /m;

/**
 * The `?` help's frames from the one in view to its last page, PgDn between them; one frame when
 * it does not scroll. Together they show every key the help lists.
 */
export async function helpPages(ui: UiHandle, title: string): Promise<string[]> {
  const pages = [await ui.waitForFrame(title)];
  for (;;) {
    const at = HELP_POSITION.exec(pages.at(-1) ?? '');
    if (!at || at[2] === at[3]) return pages;
    await ui.press('pagedown');
    pages.push(await ui.waitForFrame((f) => HELP_POSITION.exec(f)?.[1] !== at[1]));
  }
}

/**
 * Ink's useInput subscribes again in an effect after each render: a key written sooner would
 * meet the previous handler and its stale state. So every key waits 20 ms, and longer
 * while the app is still drawing (a key that moves focus takes a few renders to land): until no
 * frame has come for 20 ms.
 */
const KEY_SETTLE_MS = 20;
const SETTLE_LIMIT_MS = 1000;

export interface RenderAppOptions {
  /** Global flags, as the command line would give them (baseUrl, token, project, profile…). */
  flags?: GlobalFlags;
  demo?: boolean;
  /** More environment for the app (DOMAINCTL_CONFIG_DIR is a fresh temp dir already). */
  env?: NodeJS.ProcessEnv;
  /** An existing config dir, e.g. to see a profile the UI saved; else a fresh one. */
  configDir?: string;
  /**
   * Start the first screen's requests as runUi does, and render once they are answered (the
   * usual case in a real start, where Ink takes longer to load than the API to answer).
   */
  prefetched?: boolean;
  /**
   * Draw as on a terminal that shows colour, NO_COLOR unset. Ink colours through chalk, which
   * finds no colour in a test worker (its stdout is no terminal): it gets level 1 (16 colours)
   * while this UI lives, and written() holds the SGR sequences a terminal would get.
   */
  colorTerminal?: boolean;
}

export interface UiHandle {
  /** The last frame, ANSI stripped. */
  frame(): string;
  /** Everything written to the terminal so far, escapes included (OSC 52…). */
  written(): string;
  /**
   * Presses keys one after the other, letting Ink settle after each: a name from KeyName, or any
   * other text, written in one piece (a single letter is a key; a longer text arrives as a paste).
   */
  press(...keys: (KeyName | (string & {}))[]): Promise<void>;
  /**
   * Writes all the keys in ONE stdin write, as one read from the terminal brings keys typed
   * ahead, a key repeat or a slow link: `pressTogether('j', 'j', 'enter')` writes "jj\r". Then
   * lets Ink settle.
   */
  pressTogether(...keys: (KeyName | (string & {}))[]): Promise<void>;
  /** Polls until the frame contains the text (or the predicate holds); fails with the frame. */
  waitForFrame(
    expected: string | RegExp | ((frame: string) => boolean),
    timeoutMs?: number,
  ): Promise<string>;
  /** Changes the terminal's size and tells the app, as a SIGWINCH would. */
  resize(columns: number, rows?: number): Promise<void>;
  /** Resolves once the app has exited (q, Ctrl+C); fails if it does not. */
  exited(): Promise<void>;
  configDir: string;
  cleanup(): Promise<void>;
}

/** The terminal's input the app reads (as run.ts reads process.stdin): each write() is one read. */
class TestTerminal extends EventEmitter {
  readonly isTTY = true;
  private data: string | null = null;
  write = (data: string) => {
    this.data = data;
    this.emit('readable');
  };
  read = () => {
    const { data } = this;
    this.data = null;
    return data;
  };
  setEncoding() {}
  setRawMode() {}
  ref() {}
  unref() {}
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The width the app last drew for: its header's rule is that wide (a longer one that the new
 * width wrapped goes on in the next line). Undefined when the frame has no whole rule.
 */
export function drawnFor(frame: string): number | undefined {
  const lines = frame.split('\n');
  const rule = lines.findIndex((line) => line.startsWith('─'));
  if (rule === -1 || lines[rule + 1]?.startsWith('─')) return undefined;
  return lines[rule]?.length;
}

/**
 * Renders the whole app as `domainctl` would start it: options resolved from flags and the
 * environment by bootUi, a fresh config dir, the real services.
 */
export async function renderApp(options: RenderAppOptions = {}): Promise<UiHandle> {
  const configDir = options.configDir ?? (await mkdtemp(join(tmpdir(), 'domainctl-ui-')));
  // As over SSH: copies go out as OSC 52 only and the machine's own clipboard is left alone.
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    SSH_CONNECTION: 'ui-test',
    ...options.env,
    DOMAINCTL_CONFIG_DIR: configDir,
  };
  if (options.colorTerminal) delete env.NO_COLOR;
  const props = await bootUi(options.flags ?? {}, { demo: options.demo, env });
  const chalkLevel = chalk.level;
  if (options.colorTerminal) chalk.level = 1;
  const first = props.routes.at(-1);
  if (options.prefetched && props.session && first) {
    // ink-testing-library's terminal: 100 columns, no rows (the UI takes 24).
    await prefetchFirstScreen(props.queryClient, props.session, first, { columns: 100, rows: 24 });
  }
  // The app as run.ts wires it (the key bus reads the terminal and feeds Ink one key at a time),
  // rendered by ink-testing-library, whose stdin is then what Ink reads.
  const stdin = new TestTerminal();
  const app = keyedApp(props, stdin);
  const instance = render(app.tree);
  app.connectInk(instance.stdin);
  const stdout = instance.stdout as unknown as NodeJS.WriteStream & {
    frames: string[];
    lastFrame(): string | undefined;
  };
  const frame = () => plainText(stdout.lastFrame() ?? '');
  const settle = async () => {
    const limit = Date.now() + SETTLE_LIMIT_MS;
    let count: number;
    do {
      count = stdout.frames.length;
      await sleep(KEY_SETTLE_MS);
    } while (stdout.frames.length !== count && Date.now() < limit);
  };

  let cleaned: Promise<void> | undefined;
  const end = async () => {
    instance.unmount();
    chalk.level = chalkLevel;
    await props.services.shutdown();
    if (!options.configDir) await rm(configDir, { recursive: true, force: true });
  };

  const handle: UiHandle = {
    configDir,
    frame,
    written: () => stdout.frames.join(''),
    async press(...keys) {
      for (const key of keys) {
        stdin.write(key in SEQUENCES ? SEQUENCES[key as KeyName] : key);
        await settle();
      }
    },
    async pressTogether(...keys) {
      stdin.write(keys.map((key) => (key in SEQUENCES ? SEQUENCES[key as KeyName] : key)).join(''));
      await settle();
    },
    async waitForFrame(expected, timeoutMs = 5000) {
      const test =
        typeof expected === 'function'
          ? expected
          : typeof expected === 'string'
            ? (f: string) => f.includes(expected)
            : (f: string) => expected.test(f);
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const current = frame();
        if (test(current)) return current;
        if (Date.now() > deadline) {
          throw new Error(`timed out waiting for ${String(expected)}; the frame is:\n${current}`);
        }
        await sleep(10);
      }
    },
    async resize(columns, rows) {
      Object.defineProperty(stdout, 'columns', { value: columns, configurable: true });
      if (rows !== undefined)
        Object.defineProperty(stdout, 'rows', { value: rows, configurable: true });
      stdout.emit('resize');
      await settle();
      // Ink lays the old tree out again at once; the app's own redraw for the new width (its
      // header, tables and footer measured again) is a React update that, on a loaded machine,
      // can come after the quiet gap. Until it has, the frame is the old width's.
      // (A screen without a header rule, such as a narrow terminal's notice, is not waited for.)
      if (/^─/m.test(frame()) && drawnFor(frame()) !== columns) {
        await handle.waitForFrame((f) => drawnFor(f) === columns);
        await settle();
      }
    },
    async exited() {
      // Once Ink has exited it stops reading keys: nothing listens on stdin any more.
      const deadline = Date.now() + 5000;
      while (stdin.listenerCount('readable') > 0) {
        if (Date.now() > deadline) throw new Error('the app did not exit');
        await sleep(10);
      }
    },
    // Once only: a test that ends an app to start another on the same files (a new run) leaves
    // it to the renderUi fixture too, which ends every app it rendered.
    cleanup: () => (cleaned ??= end()),
  };
  return handle;
}
