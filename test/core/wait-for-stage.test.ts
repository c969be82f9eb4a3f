import { describe, expect, it } from 'vitest';
import {
  DEFAULT_INTERVAL_MS,
  MAX_INTERVAL_MS,
  NO_PROGRESS,
  nextInterval,
  waitForStage,
} from '../../src/core/wait-for-stage.js';

/** The pauses of a wait that starts at `first` ms, `count` of them. */
function pauses(first: number, count: number): number[] {
  const out = [first];
  while (out.length < count) out.push(nextInterval(out.at(-1) as number, first));
  return out;
}

describe('the backoff of domains wait', () => {
  it('grows by half from 2 s and stops at 30 s', () => {
    expect(DEFAULT_INTERVAL_MS).toBe(2_000);
    expect(MAX_INTERVAL_MS).toBe(30_000);
    expect(pauses(DEFAULT_INTERVAL_MS, 10)).toEqual([
      2_000, 3_000, 4_500, 6_750, 10_125, 15_187.5, 22_781.25, 30_000, 30_000, 30_000,
    ]);
  });

  it('keeps an --interval longer than the cap as it is', () => {
    expect(pauses(45_000, 3)).toEqual([45_000, 45_000, 45_000]);
  });

  it('caps a short --interval at 30 s too', () => {
    const long = pauses(300, 20);
    expect(long.slice(0, 3)).toEqual([300, 450, 675]);
    expect(long.at(-1)).toBe(30_000);
    expect(Math.max(...long)).toBe(30_000);
  });
});

describe('the stages a wait reports', () => {
  it('marks those its first round found reached as reached already, and later ones not', async () => {
    // A walkthrough's finding: the UI's watch gave a verified domain's stages the time it first
    // looked, as if they had just been reached.
    const base = {
      id: 'dom_1',
      domain: 'shop.example.com',
      project_id: 'prj_1',
      verified: false,
      verified_at: null,
      tls_cert_expiry: null,
      dns_verification_token: 't',
      created_at: '2026-11-01T00:00:00Z',
      updated_at: '2026-11-01T00:00:00Z',
      dns_instructions: {
        cname_host: 'shop.example.com',
        cname_value: 'edge.example.net',
        txt_host: '_v.shop.example.com',
        txt_value: 'v=t',
        acme_host: '_acme-challenge.shop.example.com',
        acme_value: 'acme.example.net',
      },
    };
    const answers = [base, { ...base, verified: true, verified_at: '2026-11-02T00:00:00Z' }];
    /** A wait for `verified` on the answers `find` gives, recording what `reached` is told. */
    const wait = async (find: () => Promise<unknown>) => {
      const seen: [string, boolean][] = [];
      const outcome = await waitForStage({
        hostname: base.domain,
        until: 'verified',
        find: find as never,
        reached: (stage, already) => seen.push([stage.name, already]),
        notFound: () => new Error('gone'),
        intervalMs: 1,
        deadline: { ms: 5_000, remaining: () => 5_000 },
        progress: NO_PROGRESS,
        warn: () => {},
      });
      return { outcome, seen };
    };
    const later = await wait(() => Promise.resolve(answers.shift() ?? answers.at(-1)));
    expect(later.outcome.done).toBe(true);
    // Round one: not even in DNS (no check asked). Round two: verified, DNS vouched for by it.
    expect(later.seen).toEqual([
      ['dns', false],
      ['verified', false],
    ]);
    const verified = { ...base, verified: true, verified_at: '2026-11-02T00:00:00Z' };
    const first = await wait(() => Promise.resolve(verified));
    expect(first.seen).toEqual([
      ['dns', true],
      ['verified', true],
    ]);
  });
});
