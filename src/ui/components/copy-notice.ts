import type { Tone } from '../../core/display.js';
import type { CopyResult } from './clipboard.js';

export interface CopyNotice {
  text: string;
  tone: Tone;
  /** Shown under the message when nothing took the text, for the user to select by hand. */
  select?: string[];
}

/**
 * The line after `c`, `h` or `z`: where the text went, as far as this program can know, or
 * plainly that it went nowhere, with the text to select instead.
 */
export function copyNotice(what: string, text: string, result: CopyResult): CopyNotice {
  if (!result.copied) {
    return {
      text: `✗ Could not copy ${what}: ${result.reason}. Select it here:`,
      tone: 'error',
      select: text.split('\n'),
    };
  }
  const tool = result.tool ? ` and to the system clipboard (${result.tool})` : '';
  if (result.tmuxBuffer) {
    const onward =
      result.tmuxBuffer.setClipboard === 'off'
        ? "tmux's set-clipboard is off, so it stays in tmux"
        : "tmux passes it on to your terminal's clipboard";
    return {
      text: `✓ Copied ${what} into tmux's paste buffer (prefix ] pastes it)${tool}; ${onward}`,
      tone: 'ok',
    };
  }
  if (result.tmuxFailed) {
    return {
      text: `✓ Copied ${what} to the system clipboard (${result.tool ?? '?'}); not to tmux: ${result.tmuxFailed}`,
      tone: 'warn',
    };
  }
  const via = [result.osc52 ? 'OSC 52' : '', result.tool ?? ''].filter(Boolean).join(' and ');
  return { text: `✓ Copied ${what} (${via})`, tone: 'ok' };
}
