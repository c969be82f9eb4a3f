import type { Tone } from '../../core/display.js';
import { useUi } from './context.js';

type Color = 'green' | 'yellow' | 'red' | 'gray' | 'cyan' | 'blue' | 'magenta';

const colors: Record<Tone | 'accent' | 'key', Color> = {
  ok: 'green',
  warn: 'yellow',
  error: 'red',
  muted: 'gray',
  accent: 'cyan',
  key: 'blue',
};

/** The colour of a tone, or none under NO_COLOR / --no-color. */
export function useTone(): (tone: Tone | 'accent' | 'key' | undefined) => Color | undefined {
  const { color } = useUi();
  return (tone) => (color && tone ? colors[tone] : undefined);
}
