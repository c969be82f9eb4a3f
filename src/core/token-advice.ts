import { suggest } from './suggested-commands.js';

/** Where a setting came from; for each one on its own: flag > environment > profile. */
export type SettingSource = 'flag' | 'env' | 'profile';

/** Where the token of a request came from, so that advice about it names the right place. */
export interface TokenOrigin {
  /** undefined: no token was sent. `header`: `api request -H 'Authorization: …'`. */
  source?: SettingSource | 'header';
  /** The profile in use, if any (the token may still have come from elsewhere). */
  profileName?: string;
}

/** How a face shows a command inside a sentence: the UI puts it in backticks. */
type Code = (command: string) => string;
const plain: Code = (command) => command;

/** After a 401: where the token came from, and how to check or replace it there. */
export function rejectedTokenAdvice(origin: TokenOrigin, code: Code = plain): string {
  const { profileName } = origin;
  switch (origin.source) {
    case 'flag':
      return 'The token came from the --token flag (it wins over DOMAINCTL_TOKEN and the profile): check it.';
    case 'env':
      return `The token came from the DOMAINCTL_TOKEN environment variable (it wins over ${profileName ? `profile "${profileName}"` : 'the profile'}): check it, or unset it.`;
    case 'header':
      return 'The token came from the Authorization header given with -H: check it.';
    case 'profile':
      return profileName
        ? `The token came from profile "${profileName}": check it with ${code(suggest.profileShow(profileName))}, and save a new one with ${code(suggest.profileSetToken(profileName))}.`
        : 'The token came from the profile: check it.';
    default:
      return `No token was sent. ${missingTokenAdvice(profileName, code)}`;
  }
}

/** When a route needs credentials and none were given. */
export function missingTokenAdvice(profileName: string | undefined, code: Code = plain): string {
  return profileName
    ? `Save a token in profile "${profileName}" with ${code(suggest.profileSetToken(profileName))}, pass --token, or set DOMAINCTL_TOKEN.`
    : `Pass --token, set DOMAINCTL_TOKEN, or add a profile with ${code(suggest.profileAdd())}.`;
}
