import { describe, type ExpectStatic, it, type TestContext } from 'vitest';
import { ASK_CACHE_CAPACITY, ASK_NOT_VERIFIED_MS } from '../../src/server/ask-cache.js';
import type { DomainRow } from '../../src/server/store.js';
import { startTestServer, TESTER_KEY, type TestServer } from '../helpers/server.js';

const PROJECT = 'prj_demo_scale';

/** A test server of the test's own, closed when the test is finished. */
async function server(
  onTestFinished: TestContext['onTestFinished'],
  options: Parameters<typeof startTestServer>[0] = {},
) {
  const s = await startTestServer(options);
  onTestFinished(() => s.close());
  return s;
}

/** A verified and a pending domain of the demo data. */
async function demoDomains(s: TestServer): Promise<{ verified: DomainRow; pending: DomainRow }> {
  const rows = await s.store.listDomains(PROJECT, 100);
  return {
    verified: rows.find((r) => r.verified) as DomainRow,
    pending: rows.find((r) => !r.verified) as DomainRow,
  };
}

async function addDomain(
  expect: ExpectStatic,
  s: TestServer,
  domain: string,
): Promise<{ id: string }> {
  const added = await fetch(`${s.url}/v1/projects/${PROJECT}/domains`, {
    method: 'POST',
    headers: { authorization: `Bearer ${TESTER_KEY}`, 'content-type': 'application/json' },
    body: JSON.stringify({ domain }),
  });
  expect(added.status).toBe(201);
  return (await added.json()) as { id: string };
}

const ask = (s: TestServer, domain: string) =>
  fetch(`${s.url}/v1/tls/ask?domain=${encodeURIComponent(domain)}`);

// Each test has a server of its own, and two wait on PostgreSQL for a cached answer to expire:
// the tests run together, each with its own `expect`.
describe.concurrent('GET /v1/tls/ask', () => {
  it('answers 200 for a verified domain, without credentials', async ({
    expect,
    onTestFinished,
  }) => {
    const s = await server(onTestFinished);
    const { verified } = await demoDomains(s);
    const res = await ask(s, verified.domain);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ domain: verified.domain, verified: true });
  });

  it('answers 404 for a pending domain, an unknown one and a name no API would store', async ({
    expect,
    onTestFinished,
  }) => {
    const s = await server(onTestFinished);
    const { pending, verified } = await demoDomains(s);
    for (const [name, message] of [
      [pending.domain, `${pending.domain} is not a verified custom domain`],
      ['unknown.example.com', 'unknown.example.com is not a verified custom domain'],
      ['*.example.com', '*.example.com is not a verified custom domain'],
      ['127.0.0.1', '127.0.0.1 is not a verified custom domain'],
    ] as const) {
      const res = await ask(s, name);
      expect(res.status, name).toBe(404);
      expect(await res.json()).toEqual({ error: { code: 'not_found', message } });
    }
    // SNI names come as they are typed: case and a trailing dot do not matter.
    expect((await ask(s, `${verified.domain.toUpperCase()}.`)).status).toBe(200);
  });

  it('answers 404 for every spelling that IDNA maps onto a verified name, and 200 for the name as stored', async ({
    expect,
    onTestFinished,
  }) => {
    const s = await server(onTestFinished);
    const { id } = await addDomain(expect, s, 'www.acme-store.org');
    const now = new Date();
    await s.store.markVerified(id, now.toISOString(), new Date(now.getTime() + 1e9).toISOString());
    // An edge converts these to punycode without IDNA's mapping (www.xn--acme-tore-9cc.org for
    // the first): other names, which nobody verified.
    for (const name of [
      'www.acme-\u017ftore.org', // ſ, LATIN SMALL LETTER LONG S, folds to s
      'www.acme-store\u3002org', // 。, IDEOGRAPHIC FULL STOP
      'www.acme-store\uff0eorg', // ．, FULLWIDTH FULL STOP
      'www.acme-store\uff61org', // ｡, HALFWIDTH IDEOGRAPHIC FULL STOP
      'www.\uff41cme-store.org', // ａ, FULLWIDTH LATIN SMALL LETTER A
      'www.acme\u2010store.org', // ‐, HYPHEN
      'www.acme-st\u200bore.org', // a zero-width space, which IDNA drops
      'www.acme-store.org\u3002', // a trailing ideographic full stop
      ' www.acme-store.org',
      'www.acme-store.org..',
      'WWW.ACME-\u017FTORE.ORG',
    ]) {
      const res = await ask(s, name);
      expect(res.status, JSON.stringify(name)).toBe(404);
      expect(await res.json()).toEqual({
        error: { code: 'not_found', message: `${name} is not a verified custom domain` },
      });
    }
    // What every TLS server folds is tolerated: upper case and one trailing dot.
    for (const name of ['www.acme-store.org', 'www.acme-store.org.', 'WWW.Acme-Store.ORG.']) {
      const res = await ask(s, name);
      expect(res.status, name).toBe(200);
      expect(await res.json()).toEqual({ domain: 'www.acme-store.org', verified: true });
    }
  });

  it('is 400 without a domain or with a parameter it does not take', async ({
    expect,
    onTestFinished,
  }) => {
    const s = await server(onTestFinished);
    // Without the parameter and with it empty: one message, which says what it wants.
    for (const query of ['', '?domain=']) {
      const none = await fetch(`${s.url}/v1/tls/ask${query}`);
      expect(none.status).toBe(400);
      expect(await none.json()).toEqual({
        error: {
          code: 'invalid_request',
          message: 'domain is required: the host name to ask about',
        },
      });
    }
    expect((await fetch(`${s.url}/v1/tls/ask?domain=a.example.com&x=1`)).status).toBe(400);
  });

  it('lets a domain through once it is verified: at once on SQLite, within 2 s on PostgreSQL', async ({
    expect,
    onTestFinished,
  }) => {
    const s = await server(onTestFinished);
    const added = await fetch(`${s.url}/v1/projects/${PROJECT}/domains`, {
      method: 'POST',
      headers: { authorization: `Bearer ${TESTER_KEY}`, 'content-type': 'application/json' },
      body: JSON.stringify({ domain: 'new.example.org' }),
    });
    const { id } = (await added.json()) as { id: string };
    expect((await ask(s, 'new.example.org')).status).toBe(404);
    const now = new Date();
    await s.store.markVerified(id, now.toISOString(), new Date(now.getTime() + 1e9).toISOString());
    // SQLite's change mark empties the cache: the next question gets the new answer. PostgreSQL
    // has no change mark: the "not verified" just given is kept ASK_NOT_VERIFIED_MS.
    const postgres = s.db.startsWith('postgres');
    const verifiedAt = Date.now();
    let tries = 0;
    let status = 404;
    while (status !== 200 && Date.now() - verifiedAt < ASK_NOT_VERIFIED_MS + 1000) {
      tries++;
      status = (await ask(s, 'new.example.org')).status;
      if (status !== 200) await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect({ status, atOnce: tries === 1 }).toEqual({ status: 200, atOnce: !postgres });
  });

  it('limits only questions that need the store: past the limit, a name asked again within 10 s gets 429', async ({
    expect,
    onTestFinished,
  }) => {
    const s = await server(onTestFinished, { askLimit: 1 });
    expect((await ask(s, 'a.example.com')).status).toBe(404);
    // Over the address's limit, a name not asked for 10 s is still looked up.
    expect((await ask(s, 'b.example.com')).status).toBe(404);
    // The cache must forget b: a write moves SQLite's change mark; PostgreSQL's "not verified"
    // is kept ASK_NOT_VERIFIED_MS. Then b needs the store again, within its 10 s.
    await addDomain(expect, s, 'write.example.org');
    const since = Date.now();
    let last = await ask(s, 'b.example.com');
    while (last.status === 404 && Date.now() - since < ASK_NOT_VERIFIED_MS + 1000) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      last = await ask(s, 'b.example.com');
    }
    expect(last.status).toBe(429);
    expect(Number(last.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await last.json()).toEqual({
      error: {
        code: 'rate_limited',
        message:
          'more than 1 questions a minute from this address needed the database, and b.example.com was asked less than 10 s ago; try again after Retry-After seconds',
      },
    });
    // Other routes are not counted.
    expect((await fetch(`${s.url}/v1/regions`)).status).toBe(200);
  });

  it('never counts an answer from the cache: a name asked 20 times with a limit of 1 is never 429', async ({
    expect,
    onTestFinished,
  }) => {
    const s = await server(onTestFinished, { askLimit: 1 });
    const { verified } = await demoDomains(s);
    // Were cached answers counted (or the store asked again), the address would be over its
    // limit from the second question, and the third about the same name would be a 429.
    const statuses: number[] = [];
    for (let i = 0; i < 20; i++) statuses.push((await ask(s, 'same.example.com')).status);
    for (let i = 0; i < 20; i++) statuses.push((await ask(s, verified.domain)).status);
    expect(statuses).toEqual([...Array<number>(20).fill(404), ...Array<number>(20).fill(200)]);
  });

  it('lets verified names through a flood of made-up names from the edge', async ({
    expect,
    onTestFinished,
  }) => {
    const s = await server(onTestFinished, { askLimit: 10 });
    const { verified } = await demoDomains(s);
    const flood = await Promise.all(
      Array.from({ length: 200 }, (_, i) => ask(s, `flood-${i}.example.com`).then((r) => r.status)),
    );
    expect(flood.filter((status) => status !== 404)).toEqual([]);
    // A verified domain nobody asked about before the flood, and one verified during it.
    expect((await ask(s, verified.domain)).status).toBe(200);
    const { id } = await addDomain(expect, s, 'late.example.org');
    const now = new Date();
    await s.store.markVerified(id, now.toISOString(), new Date(now.getTime() + 1e9).toISOString());
    const since = Date.now();
    let status = (await ask(s, 'late.example.org')).status;
    // PostgreSQL keeps nothing about late.example.org yet, so this is at once on both stores.
    expect({ status, waitedMs: Date.now() - since < ASK_NOT_VERIFIED_MS }).toEqual({
      status: 200,
      waitedMs: true,
    });
    status = (await ask(s, 'flood-0.example.com')).status;
    expect(status).toBe(404);
    // 200 questions at once, on PostgreSQL too: a busy machine's seconds, not the point here.
  }, 60_000);

  it('keeps verified names at 200 through a flood of made-up names larger than the cache, and after a write', async ({
    expect,
    onTestFinished,
  }) => {
    const s = await server(onTestFinished, { askLimit: 1 });
    const { verified } = await demoDomains(s);
    // The address is past its limit from the second question on: from then, each name may have
    // the store read once every 10 s, and a verified name that had to be read again would be a 429.
    expect((await ask(s, 'first.example.com')).status).toBe(404);
    expect((await ask(s, verified.domain)).status).toBe(200);
    const flood = ASK_CACHE_CAPACITY + 500;
    const refused: number[] = [];
    let next = 0;
    // Several questions at a time, as an edge under a handshake flood asks.
    await Promise.all(
      Array.from({ length: 16 }, async () => {
        while (next < flood) {
          const res = await ask(s, `flood-${next++}.example.com`);
          if (res.status !== 404) refused.push(res.status);
          await res.body?.cancel();
        }
      }),
    );
    expect(refused).toEqual([]);
    const after = await ask(s, verified.domain);
    // A write empties SQLite's cache (its change mark moved); the name must not need a second
    // read that the limit refuses either.
    await addDomain(expect, s, 'written.example.org');
    const afterWrite = await ask(s, verified.domain);
    expect([after.status, afterWrite.status]).toEqual([200, 200]);
    // A name never asked about may still have the store read once (flood-0, asked again, may be
    // within its 10 s or not, depending on how fast the flood went).
    expect((await ask(s, 'never-asked.example.com')).status).toBe(404);
  }, 180_000);
});
