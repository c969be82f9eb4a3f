import type { ReadDomain } from '../contract/read-schemas.js';
import { domainStatus } from '../core/display.js';
import { escapeJsonControls, visible } from '../core/sanitize.js';

// The machine formats of `domains list` besides JSON: NDJSON and CSV, written a page at a time
// (so `--all` streams) with the same items()/close() as the JSON list writer.

export interface ListWriter<Item> {
  /** Writes these items; resolves once `write` has (once stdout has drained, when paced). */
  items(items: readonly Item[]): Promise<void>;
  close(): Promise<void>;
}

type Write = (text: string) => void | Promise<void>;

/** One domain a line, each as compact JSON (DEL and C1 controls escaped, as all our JSON). */
export function ndjsonWriter(write: Write): ListWriter<unknown> {
  return {
    async items(items) {
      if (items.length === 0) return;
      await write(items.map((item) => `${escapeJsonControls(JSON.stringify(item))}\n`).join(''));
    },
    async close() {},
  };
}

export const CSV_HEADER = ['domain', 'status', 'verified_at', 'tls_cert_expiry', 'created_at'];

/**
 * One CSV record (RFC 4180 quoting, lines ending in LF as Unix tools expect): a field holding a comma, a quote or a line break is quoted, its
 * quotes doubled. Control characters are escaped first (`\u001b`), as everywhere: a CSV file is
 * read in terminals too; so no field holds a line break by then, but the rule stays whole.
 */
export function csvRecord(cells: readonly string[]): string {
  const field = (cell: string) => {
    const text = visible(cell);
    return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
  };
  return `${cells.map(field).join(',')}\n`;
}

/** The header, then one record a domain: times as the API sent them, empty when absent. */
export function csvWriter(write: Write): ListWriter<ReadDomain> {
  let started = false;
  const header = async () => {
    if (!started) await write(csvRecord(CSV_HEADER));
    started = true;
  };
  return {
    async items(domains) {
      const rows = domains.map((d) =>
        csvRecord([
          d.domain,
          domainStatus(d.verified).text,
          d.verified_at ?? '',
          d.tls_cert_expiry ?? '',
          d.created_at ?? '',
        ]),
      );
      if (!started) rows.unshift(csvRecord(CSV_HEADER));
      started = true;
      if (rows.length > 0) await write(rows.join(''));
    },
    close: header,
  };
}
