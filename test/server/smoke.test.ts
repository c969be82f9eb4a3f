import { describe, expect, it } from 'vitest';
import { seededServerForFile } from '../helpers/fixtures.js';

const server = seededServerForFile();

describe('the reference server', () => {
  it('answers GET /v1/regions without credentials', async () => {
    const res = await fetch(`${server.url}/v1/regions`);
    expect(res.status).toBe(200);
    const body = (await res.json()) as { regions: { id: string }[] };
    expect(body.regions.map((r) => r.id)).toEqual(['ap-south', 'eu-west', 'us-east']);
    expect(server.requests).toContain('GET /v1/regions 200');
  });
});
