import { createConfig, lintFromString } from '@redocly/openapi-core';
import spectralCore from '@stoplight/spectral-core';
import spectralParsers from '@stoplight/spectral-parsers';
import { oas } from '@stoplight/spectral-rulesets';
import { beforeAll, describe, expect, it } from 'vitest';
import { api } from '../helpers/api.js';
import { seededServerForFile } from '../helpers/fixtures.js';

// Both linters are what a team generating a client or docs from the document would run first:
// every finding, error or warning, is one they would meet.
const server = seededServerForFile();
let text: string;
beforeAll(async () => {
  const res = await api(server, 'GET', '/v1/openapi.json');
  expect(res.status).toBe(200);
  text = res.text;
});

describe('the served OpenAPI document', () => {
  it("passes redocly's recommended rules with no error and no warning", async () => {
    const config = await createConfig({ extends: ['recommended'] });
    const problems = await lintFromString({
      source: text,
      absoluteRef: `${server.url}/v1/openapi.json`,
      config,
    });
    const found = problems.map(
      (p) => `${p.severity} ${p.ruleId}: ${p.message} at ${p.location[0]?.pointer ?? '?'}`,
    );
    expect(found).toEqual([]);
  });

  it("passes spectral's spectral:oas rules with no finding", async () => {
    const spectral = new spectralCore.Spectral();
    spectral.setRuleset({ extends: [oas as never] });
    const results = await spectral.run(
      new spectralCore.Document(text, spectralParsers.Json, `${server.url}/v1/openapi.json`),
    );
    const found = results.map((r) => `${r.code}: ${r.message} at ${r.path.join('.')}`);
    expect(found).toEqual([]);
  });

  it('names the server it was asked from first, then a templated one', () => {
    const doc = JSON.parse(text) as { servers: { url: string; variables?: object }[] };
    expect(doc.servers.map((s) => s.url)).toEqual([server.url, '{scheme}://{host}:{port}']);
    expect(doc.servers[1]?.variables).toEqual({
      scheme: { default: 'http', enum: ['http', 'https'] },
      host: { default: '127.0.0.1' },
      port: { default: '7878' },
    });
  });
});
