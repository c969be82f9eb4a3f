const LONE_SURROGATE = /\p{Cs}/u;

/**
 * Whether a string holds half of a surrogate pair: a JSON escape can name one ("\ud800"), which
 * no UTF-8 can store (a database would keep U+FFFD in its place).
 */
export const hasLoneSurrogate = (text: string): boolean => LONE_SURROGATE.test(text);

/**
 * Text every store can hold as it is: no NUL (PostgreSQL refuses U+0000 in text, where SQLite
 * keeps it) and no half of a surrogate pair.
 */
export const isStorableText = (text: string): boolean =>
  !text.includes('\u0000') && !hasLoneSurrogate(text);
