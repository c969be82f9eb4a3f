// Credentials sent in the wrong place (a path, a field) are still credentials: an API key or
// something shaped like a JWT, starting at a word boundary so that ids such as "prj_sdk_x" stay.
const CREDENTIAL = /\bdk_[A-Za-z0-9_-]+|\beyJ[A-Za-z0-9_-]+\.[A-Za-z0-9_.-]+/g;

/**
 * Replaces anything that looks like a credential with "[redacted]". Every line the server logs
 * and every error message it answers with passes through here, so a key pasted into a URL is
 * written nowhere and echoed to no one.
 */
export function redactCredentials(text: string): string {
  return text.replace(CREDENTIAL, '[redacted]');
}
