import type { Tone } from '../core/display.js';

/** ANSI styles for terminal output; `paint(false)` gives the same functions that add nothing. */
const CODES = {
  bold: [1, 22],
  dim: [2, 22],
  red: [31, 39],
  green: [32, 39],
  yellow: [33, 39],
  blue: [34, 39],
  magenta: [35, 39],
  cyan: [36, 39],
  gray: [90, 39],
} as const;

export type StyleName = keyof typeof CODES;
export type Paint = Record<StyleName, (text: string) => string>;

export function paint(enabled: boolean): Paint {
  const entries = Object.entries(CODES).map(([name, [open, close]]) => [
    name,
    enabled ? (text: string) => `\u001b[${open}m${text}\u001b[${close}m` : (text: string) => text,
  ]);
  return Object.fromEntries(entries) as Paint;
}

/** The commands' colour of each tone (core/display.ts); muted text is left plain. */
const TONES: Record<Tone, StyleName | undefined> = {
  ok: 'green',
  warn: 'yellow',
  error: 'red',
  muted: undefined,
};

/** The text in its tone's colour (none without colour, or for no tone). */
export function toned(p: Paint, tone: Tone | undefined, text: string): string {
  const style = tone && TONES[tone];
  return style ? p[style](text) : text;
}

// CSI sequences (colours, cursor moves) and OSC sequences ending in BEL or ST.
// eslint-disable-next-line no-control-regex -- matching escape sequences is the point
const ANSI = /\u001b\[[0-9;?]*[A-Za-z]|\u001b\][^\u0007\u001b]*(?:\u0007|\u001b\\)/g;

export function stripAnsi(text: string): string {
  return text.replace(ANSI, '');
}
