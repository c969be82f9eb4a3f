import type { ActionId, Binding, ScreenKeys } from '../app/keymap.js';
import { rawAnswerBindings } from './keymap-raw-answer.js';
import { rawFormBindings } from './keymap-raw-form.js';
import { rawListBindings } from './keymap-raw-lists.js';

/**
 * The keys of the raw-request screen: part of the one key-map (keymap.ts), kept with the screen
 * for their number, a file for each place they are heard: the form (keymap-raw-form.ts), the
 * lists of requests (keymap-raw-lists.ts), the answer and its prompts (keymap-raw-answer.ts).
 */
export const rawBindings = {
  ...rawFormBindings,
  ...rawListBindings,
  ...rawAnswerBindings,
} satisfies Record<string, Binding>;

/**
 * The raw screen's keys with more than one meaning, of which its state makes one available at a
 * time (useAvailableKeys in RawRequestScreen): Enter sends, loads from a list or applies what is
 * typed in a prompt, goes on to the body (in the path of a POST) or picks the method (in the method
 * list); Tab completes the path or goes to the next field; Esc goes back, answers the DELETE
 * question, closes a list or a prompt; `/` searches the answer or filters a list; `n` is the next
 * match or no to the DELETE question; ↑↓ j k choose the method, walk the history, the lines and
 * fields, the answer or a list; `g` is a method's first letter or the answer's top. So the
 * footer and the help name what a key does in the focused field, never another field's meaning.
 */
export const RAW_EXCLUSIVE_MEANINGS: readonly ActionId[] = [
  'raw.send',
  'raw.toBody',
  'raw.method.choose',
  'raw.method.move',
  'raw.method.letter',
  'raw.view.ends',
  'raw.lines',
  'raw.complete',
  'raw.nextField',
  'raw.pick.choose',
  'raw.prompt.apply',
  'raw.back',
  'raw.confirm',
  'raw.pick.close',
  'raw.prompt.cancel',
  'raw.view.search',
  'raw.pick.filter',
  'raw.view.next',
  'raw.history',
  'raw.view.move',
  'raw.pick.move',
];

/** The raw screen's keys for the footer and the help (the text fields' own keys passed in). */
export function rawScreenKeys(fieldKeys: ActionId[]): ScreenKeys {
  return {
    footer: [
      'raw.send',
      'raw.method.choose',
      'raw.method.move',
      'raw.nextField',
      'raw.confirm',
      'raw.pick.choose',
      'raw.pick.filter',
      'raw.pick.close',
      'raw.copyCommand',
      'raw.copyCurl',
      'raw.view.search',
      'raw.view.next',
      'raw.view.toggleFold',
      'raw.view.jq',
      'raw.scroll',
      'raw.back',
    ],
    more: [
      'raw.method.letter',
      'raw.openHistory',
      'raw.openSaved',
      'raw.save',
      'raw.pick.move',
      'raw.view.move',
      'raw.view.ends',
      'raw.view.fold',
      'raw.view.unfoldAll',
      'raw.previousField',
      'raw.newline',
      ...fieldKeys,
    ],
    typing: [
      'raw.send',
      'raw.toBody',
      'raw.complete',
      'raw.nextField',
      'raw.history',
      'raw.lines',
      'raw.openHistory',
      'raw.save',
      'raw.editor',
      'raw.scroll',
      'raw.back',
      'raw.prompt.apply',
      'raw.prompt.cancel',
      'raw.pick.choose',
      'raw.pick.close',
    ],
  };
}
