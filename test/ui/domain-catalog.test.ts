import { describe, expect, it } from 'vitest';
import type { ReadDomain as Domain } from '../../src/contract/read-schemas.js';
import {
  type CatalogAction,
  type CatalogState,
  catalogReducer,
  emptyCatalog,
  type PageRef,
} from '../../src/ui/domains/domain-catalog.js';

const run = (state: CatalogState, ...actions: CatalogAction[]): CatalogState =>
  actions.reduce(catalogReducer, state);

const domain = (id: string, changes: Partial<Domain> = {}): Domain => ({
  id,
  domain: `${id}.example.com`,
  verified: false,
  dns_instructions: {
    cname_host: `${id}.example.com`,
    cname_target: 'prj.edge.test',
    txt_host: `_domainctl-verify.${id}.example.com`,
    txt_value: 'token',
    acme_cname_host: `_acme-challenge.${id}.example.com`,
    acme_cname_target: `${id}.acme.edge.test`,
  },
  updated_at: '2026-11-20T10:00:00Z',
  ...changes,
});

const PAGE_1: PageRef = { token: undefined, pageSize: 14 };
const PAGE_2: PageRef = { token: 't2', pageSize: 14 };
const WALK_PAGE: PageRef = { token: undefined, pageSize: 100 };

describe("the domains screen's catalog", () => {
  it('keeps the latest copy of a domain by updated_at, with the page it came from', () => {
    const seen = run(emptyCatalog, {
      type: 'merge',
      domains: [domain('a', { updated_at: '2026-11-20T11:00:00Z' })],
      origin: PAGE_2,
      at: 1,
    });
    // An older copy, from a page answered late, is not taken.
    const late = run(seen, {
      type: 'merge',
      domains: [domain('a', { updated_at: '2026-11-20T10:00:00Z', domain: 'old.example.com' })],
      origin: PAGE_1,
      at: 2,
    });
    expect(late.entries.get('a')).toEqual(seen.entries.get('a'));
    // The same updated_at: the copy just fetched, and its page (the watch asks that one next).
    const again = run(late, {
      type: 'merge',
      domains: [domain('a', { updated_at: '2026-11-20T11:00:00Z' })],
      origin: PAGE_1,
      at: 3,
    });
    expect(again.entries.get('a')?.origin).toEqual(PAGE_1);
  });

  it('an empty page changes nothing: the screen does not draw again for it', () => {
    expect(run(emptyCatalog, { type: 'merge', domains: [], origin: PAGE_1, at: 1 })).toBe(
      emptyCatalog,
    );
  });

  it('notes when a domain seen pending is seen verified, once', () => {
    const pending = run(emptyCatalog, {
      type: 'merge',
      domains: [domain('a'), domain('b', { verified: true })],
      origin: PAGE_1,
      at: 1,
    });
    expect(pending.turned.size).toBe(0);
    const verified = { verified: true, updated_at: '2026-11-20T12:00:00Z' };
    const turned = run(pending, {
      type: 'merge',
      domains: [domain('a', verified), domain('b', verified)],
      origin: PAGE_1,
      at: 5000,
    });
    // b was verified when first seen: it did not turn here.
    expect([...turned.turned]).toEqual([['a', 5000]]);
    const later = run(turned, {
      type: 'merge',
      domains: [domain('a', { ...verified, updated_at: '2026-11-20T13:00:00Z' })],
      origin: PAGE_1,
      at: 9000,
    });
    expect(later.turned.get('a')).toBe(5000);
  });

  it('the background load counts its pages as they come, in the API order, keeping what was seen before', () => {
    const seen = run(emptyCatalog, {
      type: 'merge',
      domains: [domain('z')],
      origin: PAGE_1,
      at: 1,
    });
    const loading = run(
      seen,
      { type: 'walkStart' },
      { type: 'walkPage', domains: [domain('c'), domain('a')], origin: WALK_PAGE, at: 2 },
      { type: 'walkPage', domains: [domain('b')], origin: { token: 'w2', pageSize: 100 }, at: 3 },
    );
    expect(loading.walk).toMatchObject({ status: 'loading', loaded: 3, more: true });
    expect(loading.walked).toEqual(['c', 'a', 'b']);
    expect([...loading.entries.keys()].sort()).toEqual(['a', 'b', 'c', 'z']);
  });

  it('a new load starts its count and order afresh', () => {
    const restarted = run(
      emptyCatalog,
      { type: 'walkStart' },
      { type: 'walkPage', domains: [domain('a')], origin: WALK_PAGE, at: 1 },
      { type: 'walkStart' },
    );
    expect(restarted.walk).toMatchObject({ status: 'loading', loaded: 0 });
    expect(restarted.walked).toEqual([]);
    // The domains it brought stay: the filter keeps working while the load comes again.
    expect(restarted.entries.has('a')).toBe(true);
  });

  it('Esc stops the load where it is, saying more is on the server', () => {
    const stopped = run(
      emptyCatalog,
      { type: 'walkStart' },
      { type: 'walkPage', domains: [domain('a')], origin: WALK_PAGE, at: 1 },
      { type: 'walkEnd', status: 'stopped', more: true },
    );
    expect(stopped.walk).toMatchObject({ status: 'stopped', loaded: 1, more: true });
  });

  it("a finished load from the cache (this screen's, or one a screen before left) brings every page and its order", () => {
    const done = run(emptyCatalog, {
      type: 'walkDone',
      walk: {
        pages: [
          { origin: WALK_PAGE, domains: [domain('c'), domain('b')] },
          { origin: { token: 'w2', pageSize: 100 }, domains: [domain('a')] },
        ],
        status: 'done',
      },
      at: 1,
    });
    expect(done.walk).toEqual({ status: 'done', loaded: 3, more: false });
    expect(done.walked).toEqual(['c', 'b', 'a']);
    expect(done.entries.get('a')?.origin).toEqual({ token: 'w2', pageSize: 100 });
    const capped = run(emptyCatalog, {
      type: 'walkDone',
      walk: { pages: [{ origin: WALK_PAGE, domains: [domain('a')] }], status: 'capped' },
      at: 1,
    });
    expect(capped.walk).toEqual({ status: 'capped', loaded: 1, more: true });
  });

  it('a failed load says why, and keeps what it loaded', () => {
    const error = new Error('the API is down');
    const failed = run(
      emptyCatalog,
      { type: 'walkStart' },
      { type: 'walkPage', domains: [domain('a')], origin: WALK_PAGE, at: 1 },
      { type: 'walkEnd', status: 'error', more: true, error },
    );
    expect(failed.walk).toMatchObject({ status: 'error', loaded: 1, error });
    expect(failed.entries.has('a')).toBe(true);
  });
});
