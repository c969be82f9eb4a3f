// The reference server writes every time as toISOString() does (`2026-11-21T09:30:00.000Z`), but
// the API's description says only "date-time": another server may send `…:30Z`, `…:30+00:00` or
// `…:30.123456Z`, and the client must read them all. Date.parse alone is no check: V8 takes
// `2026-02-30` as March 2nd and times without an offset as local time.
const ISO_DATE_TIME =
  /^(\d{4})-(\d{2})-(\d{2})[Tt ](\d{2}):(\d{2})(?::(\d{2})(?:[.,](\d+))?)?(?:([Zz])|([+-])(\d{2})(?::?(\d{2}))?)$/;

/**
 * The instant an ISO 8601 date-time with an offset stands for, in milliseconds since the epoch,
 * or undefined when the text is not one. Accepted: `T`, `t` or a space between date and time;
 * seconds and any number of fractional digits optional; `Z`, `z`, `±HH:MM`, `±HHMM` or `±HH`. A
 * leap second (`:60`) counts as the last millisecond of its minute.
 */
export function parseInstant(text: string): number | undefined {
  const m = ISO_DATE_TIME.exec(text);
  if (!m) return undefined;
  const [year, month, day, hour, minute] = m.slice(1, 6).map(Number);
  const second = Number(m[6] ?? 0);
  const fraction = m[7] ? Number(`0.${m[7]}`) : 0;
  const offsetHours = Number(m[10] ?? 0);
  const offsetMinutes = Number(m[11] ?? 0);
  if (
    month === undefined ||
    day === undefined ||
    hour === undefined ||
    minute === undefined ||
    month < 1 ||
    month > 12 ||
    day < 1 ||
    day > daysInMonth(year ?? 0, month) ||
    hour > 23 ||
    minute > 59 ||
    second > 60 ||
    offsetHours > 23 ||
    offsetMinutes > 59
  ) {
    return undefined;
  }
  // setUTCFullYear, not Date.UTC: Date.UTC reads years 0–99 as 1900–1999.
  const date = new Date(0);
  date.setUTCFullYear(year ?? 0, month - 1, day);
  date.setUTCHours(hour, minute, Math.min(second, 59), 0);
  const offset = (m[9] === '-' ? -1 : 1) * (offsetHours * 60 + offsetMinutes) * 60_000;
  return date.getTime() + (second === 60 ? 999 : Math.floor(fraction * 1000)) - offset;
}

function daysInMonth(year: number, month: number): number {
  const leap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
  return [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1] ?? 0;
}

/** True for any ISO 8601 date-time with an offset (see parseInstant). */
export const isIsoDateTime = (text: string): boolean => parseInstant(text) !== undefined;

/** The time in the form the reference server writes (`2026-11-21T09:30:00.000Z`), in UTC. */
export function utcIso(text: string): string | undefined {
  const ms = parseInstant(text);
  return ms === undefined ? undefined : new Date(ms).toISOString();
}
