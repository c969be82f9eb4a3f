import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Domain } from '../../src/contract/schemas.js';
import { api } from '../helpers/api.js';
import { deadPort, startDnsServer } from '../helpers/dns-server.js';
import { spawnServe } from '../helpers/serve-process.js';
import { startTestServer, TESTER_KEY, type TestServer } from '../helpers/server.js';
import { onPostgres, STORE_NAME } from '../helpers/store.js';

// GET /metrics in Prometheus's text format, as a scraper reads it: series by route template
// (never a raw path), counters that move with the requests, the pool on PostgreSQL, and the
// verifier's work.

/** Every sample of a scrape, by its name and labels as written: `name{a="b"}` → value. */
function samples(text: string): Map<string, number> {
  const out = new Map<string, number>();
  for (const line of text.split('\n')) {
    if (line === '' || line.startsWith('#')) continue;
    const at = line.lastIndexOf(' ');
    out.set(line.slice(0, at), Number(line.slice(at + 1)));
  }
  return out;
}

async function scrape(url: string): Promise<{ text: string; samples: Map<string, number> }> {
  const res = await fetch(url);
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
  const text = await res.text();
  return { text, samples: samples(text) };
}

const PAGE_ROUTE = '/v1/projects/{project_id}/domains';
const pageSeries = (status: number) =>
  `domainctl_http_requests_total{method="GET",route="${PAGE_ROUTE}",status="${status}"}`;

describe(`serve --metrics on ${STORE_NAME}`, () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ metrics: true });
  });
  afterAll(() => server?.close());

  it('counts answers by route template and status, and times them', async () => {
    const get = (path: string) => api(server, 'GET', path, { key: TESTER_KEY });
    expect((await get('/v1/projects/prj_demo_scale/domains')).status).toBe(200);
    expect((await get('/v1/projects/prj_demo_enterprise/domains?page_size=5')).status).toBe(200);
    expect((await get('/v1/projects/prj_nowhere_at_all/domains')).status).toBe(404);
    expect((await get('/no/such/path/prj_demo_scale')).status).toBe(404);
    const added = await api(server, 'POST', '/v1/projects/prj_demo_scale/domains', {
      key: TESTER_KEY,
      body: { domain: 'counted.example.com' },
    });
    expect(added.status).toBe(201);

    const { text, samples: s } = await scrape(server.metricsUrl as string);
    expect(s.get(pageSeries(200))).toBe(2);
    expect(s.get(pageSeries(404))).toBe(1);
    expect(
      s.get(`domainctl_http_requests_total{method="POST",route="${PAGE_ROUTE}",status="201"}`),
    ).toBe(1);
    expect(
      s.get('domainctl_http_requests_total{method="GET",route="unmatched",status="404"}'),
    ).toBe(1);
    expect(
      s.get(`domainctl_http_request_duration_seconds_count{method="GET",route="${PAGE_ROUTE}"}`),
    ).toBe(3);
    // Labels are templates and fixed words: no id, no path a client made up.
    for (const id of [
      'prj_demo_scale',
      'prj_demo_enterprise',
      'prj_nowhere',
      'no/such',
      'page_size',
    ]) {
      expect(text).not.toContain(id);
    }
    expect(text).not.toContain(TESTER_KEY);
    // Node's own process metrics come along.
    expect(s.get('process_cpu_seconds_total')).toBeGreaterThan(0);
  });

  it('counters move with the next requests, scrapes included', async () => {
    const before = (await scrape(server.metricsUrl as string)).samples;
    for (let i = 0; i < 3; i++) {
      await api(server, 'GET', '/v1/projects/prj_demo_scale/domains', { key: TESTER_KEY });
    }
    const after = (await scrape(server.metricsUrl as string)).samples;
    expect((after.get(pageSeries(200)) ?? 0) - (before.get(pageSeries(200)) ?? 0)).toBe(3);
    const scrapes = 'domainctl_http_requests_total{method="GET",route="/metrics",status="200"}';
    expect((after.get(scrapes) ?? 0) - (before.get(scrapes) ?? 0)).toBe(1);
  });

  it("labels methods the API has no route for as one value, 'other', whatever the method", async () => {
    // Node's parser accepts 34 methods; each once, on a route and on no route.
    for (const method of ['PROPFIND', 'M-SEARCH', 'MKCOL', 'PURGE', 'LINK', 'OPTIONS', 'PATCH']) {
      for (const path of ['/v1/regions', '/no/such/path']) {
        const res = await fetch(`${server.url}${path}`, { method });
        expect(res.status, `${method} ${path}`).toBe(path === '/v1/regions' ? 405 : 404);
        await res.body?.cancel();
      }
    }
    expect((await fetch(`${server.url}/v1/regions`, { method: 'HEAD' })).status).toBe(200);
    const { text } = await scrape(server.metricsUrl as string);
    const methods = new Set(
      [...text.matchAll(/^domainctl_http_requests_total\{method="([^"]*)"/gm)].map((m) => m[1]),
    );
    expect([...methods].sort()).toEqual(['GET', 'HEAD', 'POST', 'other']);
    expect(
      samples(text).get(
        'domainctl_http_requests_total{method="other",route="unmatched",status="405"}',
      ),
    ).toBe(7);
  });

  it.runIf(onPostgres)('on PostgreSQL, shows the pool and its failures', async () => {
    const { samples: s } = await scrape(server.metricsUrl as string);
    expect(s.get('domainctl_db_pool_size')).toBe(10);
    expect(s.get('domainctl_db_pool_in_use')).toBeGreaterThanOrEqual(0);
    expect(s.get('domainctl_db_pool_waiting')).toBe(0);
    expect(s.get('domainctl_db_unavailable_total')).toBe(0);
    expect(s.get('domainctl_db_errors_total')).toBe(0);
    expect(s.get('domainctl_access_retries_total')).toBe(0);
  });

  it('without --metrics there is no /metrics, and nothing is counted', async () => {
    const plain = await startTestServer();
    try {
      expect(plain.metricsUrl).toBeUndefined();
      expect((await api(plain, 'GET', '/metrics')).status).toBe(404);
    } finally {
      await plain.close();
    }
  });
});

describe(`the verifier's metrics on ${STORE_NAME}`, () => {
  // The seed has 15 pending domains with no records; a pass is run by hand (the timer would
  // wait an hour).
  it('count its passes, its checks by result, and its verifications', async () => {
    const dns = await startDnsServer({});
    const server = await startTestServer({
      metrics: true,
      verifyIntervalSeconds: 3600,
      dnsServer: dns.address,
    });
    try {
      const added = await api(server, 'POST', '/v1/projects/prj_demo_scale/domains', {
        key: TESTER_KEY,
        body: { domain: 'verify-me.example.com' },
      });
      const { txt_host, txt_value } = (added.json as Domain).dns_instructions;
      await dns.restart({ txt: { [txt_host]: txt_value } });
      const pass = await server.verifier?.runOnce();
      expect(pass).toMatchObject({ checked: 16, failed: 0 });
      const { samples: s } = await scrape(server.metricsUrl as string);
      expect(s.get('domainctl_verifier_passes_total')).toBe(1);
      expect(s.get('domainctl_verifier_checks_total{result="verified"}')).toBe(1);
      expect(s.get('domainctl_verifier_checks_total{result="not_yet"}')).toBe(15);
      expect(s.get('domainctl_verifier_checks_total{result="failed"}')).toBe(0);
      expect(s.get('domainctl_verifier_verifications_total')).toBe(1);
    } finally {
      await server.close();
      await dns.stop();
    }
  });

  it('count look-ups that got no answer as failed', async () => {
    const server = await startTestServer({
      metrics: true,
      verifyIntervalSeconds: 3600,
      dnsServer: await deadPort(),
    });
    try {
      await server.verifier?.runOnce();
      const { samples: s } = await scrape(server.metricsUrl as string);
      expect(s.get('domainctl_verifier_checks_total{result="failed"}')).toBe(15);
      expect(s.get('domainctl_verifier_verifications_total')).toBe(0);
    } finally {
      await server.close();
    }
  });
});

describe('serve --metrics-port, as a process', () => {
  it('serves /metrics on its own port only, and says where in its start line', async () => {
    const serve = await spawnServe([
      '--port',
      '0',
      '--db',
      ':memory:',
      '--seed',
      'demo',
      '--metrics-port',
      '0',
    ]);
    try {
      const at = /, metrics at (http:\/\/127\.0\.0\.1:\d+\/metrics)\)$/.exec(serve.startLine);
      expect(at, serve.startLine).not.toBeNull();
      const metricsUrl = at?.[1] as string;
      expect(new URL(metricsUrl).port).not.toBe(new URL(serve.url).port);
      await api(serve, 'GET', '/v1/projects/prj_demo_scale/domains', { key: TESTER_KEY });
      expect((await scrape(metricsUrl)).samples.get(pageSeries(200))).toBe(1);
      expect((await api(serve, 'GET', '/metrics')).status).toBe(404);
      expect((await fetch(new URL('/v1/regions', metricsUrl))).status).toBe(404);
    } finally {
      serve.child.kill('SIGTERM');
    }
    expect(await serve.exited).toEqual({ code: 0, signal: null });
  });
});
