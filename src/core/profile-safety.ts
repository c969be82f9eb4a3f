import type { HttpMethod } from '../contract/routes.js';
import { RequestInputError } from './errors.js';
import { hasControls } from './sanitize.js';
import { suggest } from './suggested-commands.js';

// What a profile says about how careful to be with it: read-only (nothing that changes anything
// is sent), and a label and colour that every screen shows ("production" in red). Both faces,
// `api request`, the domain commands and the raw-request screen, ask here.

/** The methods that change something; a read-only profile sends none of them. */
export const MUTATING_METHODS: readonly HttpMethod[] = ['POST', 'PUT', 'PATCH', 'DELETE'];

/** True when a profile that is (or is not) read-only may send this method. */
export function isMethodAllowed(method: string, readOnly: boolean | undefined): boolean {
  return !readOnly || !MUTATING_METHODS.includes(method.toUpperCase() as HttpMethod);
}

/** The one line that says why a read-only profile sends nothing, and how to change that. */
export function readOnlyRefusal(profile: string | undefined, method: string): string {
  const which = profile === undefined ? 'the profile in use' : `profile "${profile}"`;
  const how = suggest.profileSetWritable(profile);
  return `${which} is read-only: ${method.toUpperCase()} requests are not sent (allow them with: ${how})`;
}

/**
 * Throws RequestInputError (exit code 2, nothing sent) when a read-only profile is asked to send
 * a method that changes something.
 */
export function refuseIfReadOnly(
  method: string,
  readOnly: boolean | undefined,
  profile: string | undefined,
): void {
  if (!isMethodAllowed(method, readOnly)) {
    throw new RequestInputError(readOnlyRefusal(profile, method));
  }
}

/** The colours a profile may carry: names that ANSI styles and Ink's `<Text color>` share. */
export const PROFILE_COLORS = [
  'red',
  'green',
  'yellow',
  'blue',
  'magenta',
  'cyan',
  'gray',
] as const;
export type ProfileColor = (typeof PROFILE_COLORS)[number];

export const isProfileColor = (name: string): name is ProfileColor =>
  (PROFILE_COLORS as readonly string[]).includes(name);

/** The longest label a profile may carry: it goes into the header of every screen. */
export const PROFILE_LABEL_MAX = 32;

/**
 * Why a label cannot be used (empty, too long, a control or invisible character), or undefined
 * when it can.
 */
export function labelProblem(label: string): string | undefined {
  if (label.trim() === '') return 'a label cannot be empty (use --unset label to remove one)';
  if ([...label].length > PROFILE_LABEL_MAX) {
    return `a label has at most ${PROFILE_LABEL_MAX} characters`;
  }
  if (hasControls(label)) {
    return 'a label cannot hold control or invisible characters';
  }
  return undefined;
}

/**
 * A profile's label and colour as `profile list` and the UI's profile picker write them:
 * `production (red)`, `(red)` for a colour alone, `` for neither.
 */
export function labelText(label: string | undefined, color: string | undefined): string {
  return [label, color === undefined ? undefined : `(${color})`].filter(Boolean).join(' ');
}
