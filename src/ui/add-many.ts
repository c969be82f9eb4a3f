import type { ReadDomain as Domain } from '../contract/read-schemas.js';
import { isError } from '../core/errors.js';
import { zoneSnippet } from '../core/records.js';
import { visible } from '../core/sanitize.js';
import { wrapWords } from './format.js';

// The add form with several host names: how the text is read, and what the records of the new
// domains make as one zone snippet.

/**
 * The host names of what was typed or pasted: one a line (a paste's line breaks come as spaces),
 * or separated by spaces or commas. `@path` stands for a file of host names instead (`fromFile`):
 * one a line, blank lines and `#` comments left out.
 */
export function parseHostList(text: string): { hosts: string[]; fromFile?: string } {
  const trimmed = text.trim();
  if (trimmed.startsWith('@') && trimmed.length > 1 && !/[\s,]/.test(trimmed)) {
    return { hosts: [], fromFile: trimmed.slice(1) };
  }
  return { hosts: splitHosts(trimmed) };
}

export function splitHosts(text: string): string[] {
  return text.split(/[\s,]+/).filter((host) => host !== '');
}

/** The hosts of a file: one a line; blank lines and `#` comments left out. */
export function hostFileLines(text: string): string[] {
  return text
    .split(/\r?\n/)
    .map((line) => line.replace(/(^|\s)#.*$/, '').trim())
    .filter((line) => line !== '');
}

/** One host of a batch and what the API said to it. */
export type AddResult =
  | { host: string; state: 'waiting' | 'adding' }
  | { host: string; state: 'added'; domain: Domain }
  | { host: string; state: 'exists' | 'refused' | 'failed'; status?: number; reason: string };

export function addSummary(results: readonly AddResult[]): string {
  const count = (state: AddResult['state']) => results.filter((r) => r.state === state).length;
  const parts = [
    `${count('added')} added (201)`,
    `${count('exists')} already registered (409)`,
    `${count('refused')} refused (400)`,
  ];
  if (count('failed') > 0) parts.push(`${count('failed')} failed`);
  return `${parts.join(', ')} of ${results.length} ${results.length === 1 ? 'host' : 'hosts'}`;
}

/**
 * The records of every domain added, as one BIND zone snippet (each domain's own, one after the
 * other); a domain whose records cannot be written safely is named in `skipped` instead.
 */
export function zoneOfAll(domains: readonly Domain[]): { text: string; skipped: string[] } {
  const parts: string[] = [];
  const skipped: string[] = [];
  for (const d of domains) {
    try {
      parts.push(zoneSnippet(d.domain, d.dns_instructions));
    } catch (error) {
      if (!isError(error, 'ZoneSnippetError')) throw error;
      skipped.push(d.domain);
    }
  }
  return { text: parts.join('\n'), skipped };
}

/**
 * The lines a typed list takes in the host-name field, `width` columns wide: the field wraps a
 * long one (at spaces, as Ink does), and those lines are taken from the results' room below it.
 */
export function typedLines(value: string, width: number): number {
  return value
    .split(/\r\n|\r|\n/)
    .reduce((sum, line) => sum + wrapWords(visible(line), Math.max(1, width)).length, 0);
}
