import { describe, expect, it } from 'vitest';
import {
  allStatus,
  pagesStatus,
  rowsShown,
  rowsTotal,
  statusHeight,
  summaryLine,
} from '../../src/ui/domains/domains-lines.js';

// The domains screen's status line under the table, apart from Ink: what it says, and the lines
// it takes (the table gives up those past the first).
const PAGE = {
  number: 1,
  shownRows: 'rows 1–14',
  total: '45',
  size: 14,
  canNext: true,
  lastPage: false,
  canPrevious: false,
  refreshing: false,
};
const text = (parts: { text: string }[]) => parts.map((part) => part.text).join('');
/** The notes as the screen gives them: long, or short for a line that would not fit. */
const WATCHING = (short: boolean) => [`watching 5 pending domains${short ? '' : ' every 10 s'}`];

describe("the domains screen's status line", () => {
  it('keeps the way on where the line fits', () => {
    const parts = pagesStatus(PAGE, WATCHING, 120);
    expect(text(parts)).toBe(
      'page 1 · rows 1–14 of 45 · 14 per page · n next page · watching 5 pending domains every 10 s',
    );
    expect(statusHeight(parts, 120)).toBe(1);
  });

  it("drops the way on (the footer's keys), then last page, then the page size, then the notes' long forms, before it would wrap", () => {
    const last = { ...PAGE, number: 4, shownRows: 'rows 43–45', canNext: false, lastPage: true };
    const at = (width: number) =>
      text(pagesStatus({ ...last, canPrevious: true }, WATCHING, width));
    expect(at(120)).toBe(
      'page 4 · rows 43–45 of 45 · 14 per page · last page · b previous page · watching 5 pending domains every 10 s',
    );
    expect(at(100)).toBe(
      'page 4 · rows 43–45 of 45 · 14 per page · last page · watching 5 pending domains every 10 s',
    );
    // 80 columns: "last page" made it wrap (the walkthrough's page 4 of prj_demo_scale).
    expect(at(80)).toBe(
      'page 4 · rows 43–45 of 45 · 14 per page · watching 5 pending domains every 10 s',
    );
    expect(at(60)).toBe('page 4 · rows 43–45 of 45 · watching 5 pending domains');
    for (const width of [120, 100, 80, 60]) {
      expect(
        statusHeight(pagesStatus({ ...last, canPrevious: true }, WATCHING, width), width),
      ).toBe(1);
    }
  });

  it('wraps a long note whole, in as many lines as it takes', () => {
    const note = '✓ shop.customer-one.example, www.customer-two.example turned verified';
    const parts = pagesStatus(PAGE, () => [note, 'watching 3 pending domains every 10 s'], 80);
    expect(text(parts)).toContain(note);
    expect(text(parts)).not.toContain('n next page');
    expect(statusHeight(parts, 80)).toBe(2);
  });
});

describe("the domains screen's summary line", () => {
  const line = (form: { lead: string; numbers?: string }) =>
    form.numbers ? `${form.lead} · ${form.numbers}` : form.lead;
  const WALK = { status: 'loading' as const, loaded: 45, more: true };
  const SUM = { total: 45, verified: 30, pending: 15, expiring: 1, failingDns: 0 };

  it('says every number where the line fits', () => {
    expect(line(summaryLine(WALK, SUM, true, 120))).toBe(
      '45 loaded so far… (Esc stops) · of those 30 verified · 15 pending · 1 expiring ≤ 14 d · 0 failing DNS',
    );
  });

  it('keeps to one line at 80 columns while the load runs: the 0s give way, then "(Esc stops)", then words, never a number that is there', () => {
    // Before: the line was cut at 80 columns, "… · 1 expiring ≤ 14 d · 0 fail".
    expect(line(summaryLine(WALK, SUM, false, 80))).toBe(
      '45 loaded so far… · of those 30 verified · 15 pending · 1 expiring ≤ 14 d',
    );
    const withEsc = line(summaryLine(WALK, { ...SUM, failingDns: 2 }, true, 80));
    expect(withEsc).toBe(
      '45 loaded… · of those 30 verified · 15 pending · 1 expiring · 2 failing DNS',
    );
    expect(withEsc.length).toBeLessThanOrEqual(80);
  });
});

describe('the status line under a filter or sort', () => {
  const SORTED = {
    filter: '',
    rows: 45,
    loaded: 45,
    order: { sort: 'host' as const, reverse: false },
  };
  const PAUSED = (short: boolean) => [short ? 'watch paused' : 'watch paused (w resumes)'];

  it("keeps to one line where the notes' short forms fit: the walkthrough's 80 columns", () => {
    // Before: "… rows 1–12 · watch paused (w" / "resumes)", a row of the table given up.
    const parts = allStatus(SORTED, 'rows 1–13', PAUSED, 80);
    expect(text(parts)).toBe(
      'all 45 loaded · sorted by host name, A to Z · rows 1–13 · watch paused',
    );
    expect(statusHeight(parts, 80)).toBe(1);
    expect(text(allStatus(SORTED, 'rows 1–13', PAUSED, 120))).toBe(
      'all 45 loaded · sorted by host name, A to Z · rows 1–13 · watch paused (w resumes)',
    );
  });

  it('then how ties are sorted, then the count of what is loaded; a number stays with its unit', () => {
    const filtered = { ...SORTED, filter: 'northwind pending', rows: 3 };
    const notes = (short: boolean) => [
      `watching 3 pending domains${short ? '' : ' every 10\u00a0s'}`,
    ];
    expect(text(allStatus(filtered, 'rows 1–3', notes, 200))).toBe(
      '3 matches for "northwind pending" of 45 loaded · best match first, ties sorted by host name, A to Z · rows 1–3 · watching 3 pending domains every 10\u00a0s',
    );
    const narrow = allStatus(filtered, 'rows 1–3', notes, 130);
    expect(text(narrow)).toBe(
      '3 matches for "northwind pending" of 45 loaded · best match first · rows 1–3 · watching 3 pending domains',
    );
    expect(text(allStatus(filtered, 'rows 1–3', notes, 90))).toBe(
      '3 matches for "northwind pending" · best match first · rows 1–3 · watching 3 pending domains',
    );
    expect(statusHeight(narrow, 130)).toBe(1);
  });
});

describe('the rows line', () => {
  it('groups thousands as the summary does, and says one row as one', () => {
    // A walkthrough's findings: "3,344 domains" above, "rows 1–14 of 3344" below; "rows 45–45".
    expect(rowsShown(1, 14)).toBe('rows 1–14');
    expect(rowsShown(3333, 12)).toBe('rows 3,333–3,344');
    expect(rowsShown(45, 1)).toBe('row 45');
    expect(rowsShown(1, 0)).toBe('no rows');
    expect(rowsTotal(14, true, undefined)).toBe('≥ 14');
    // While the load runs, what it has loaded (the summary's "2,000 loaded so far…").
    expect(rowsTotal(14, true, undefined, 2000)).toBe('≥ 2,000');
    expect(rowsTotal(3344, false, 3344)).toBe('3,344');
  });
});
