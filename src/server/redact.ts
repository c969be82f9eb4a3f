// Credentials sent in the wrong place (a path, a field) are still credentials: an API key or
// something shaped like a JWT, wherever it starts, unless a letter or digit comes right before
// it. "_" counts as a place to start (prj_dk_… holds a key; a word boundary, \b, missed it), a
// letter or digit does not, so that ids such as "prj_sdk_x" are named as sent.
const CREDENTIAL = /(?<![A-Za-z0-9])(?:dk_[A-Za-z0-9_-]+|eyJ[A-Za-z0-9_-]+\.[A-Za-z0-9_.-]+)/g;

/**
 * Replaces anything that looks like a credential with "[redacted]". Every line the server logs
 * and every error message it answers with passes through here, so a key pasted into a URL is
 * written nowhere and echoed to no one.
 */
export function redactCredentials(text: string): string {
  // Every match holds one of these; most text (every request's path is logged) holds neither.
  if (!text.includes('dk_') && !text.includes('eyJ')) return text;
  return text.replace(CREDENTIAL, '[redacted]');
}
