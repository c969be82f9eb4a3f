import { describe, expect, it } from 'vitest';
import { PageQuery, ProjectParams } from '../../src/contract/schemas.js';
import { HttpError } from '../../src/server/http-error.js';
import { parseOr400 } from '../../src/server/validation.js';
import { api } from '../helpers/api.js';
import { seededServerForFile } from '../helpers/fixtures.js';
import { TESTER_KEY } from '../helpers/server.js';

// The server remembers what a path or a query string parsed to, so a client polling one page
// skips zod. These tests hold it to zod's answers: a remembered parse gives the same page, and
// every bad input, asked once or again, after good ones or not, gets zod's own 400.

/** The 400 body zod's path gives for `value`, through the very function the server uses. */
function zodAnswer(schema: typeof PageQuery | typeof ProjectParams, value: unknown, where: string) {
  try {
    parseOr400(schema, value, where);
  } catch (error) {
    if (error instanceof HttpError) return JSON.stringify(error.body());
    throw error;
  }
  throw new Error(`${JSON.stringify(value)} parsed`);
}

const server = seededServerForFile();

const list = (project: string, query: string) =>
  api(server, 'GET', `/v1/projects/${project}/domains${query}`, { key: TESTER_KEY });

describe('remembered parses of paths and query strings', () => {
  it('answer a page asked again byte for byte as the first time', async () => {
    const first = await list('prj_demo_scale', '?page_size=7');
    for (let i = 0; i < 3; i++) {
      const again = await list('prj_demo_scale', '?page_size=7');
      expect(again.status).toBe(200);
      expect(again.text).toBe(first.text);
    }
    // A query that differs only in its text is parsed again, to the same page.
    expect((await list('prj_demo_scale', '?page_size=007')).text).toBe(first.text);
  });

  it.each([
    ['empty', { page_size: '' }, '?page_size='],
    ['zero', { page_size: '0' }, '?page_size=0'],
    ['over 100', { page_size: '101' }, '?page_size=101'],
    ['not digits', { page_size: '1.5' }, '?page_size=1.5'],
    ['a sign', { page_size: '+5' }, '?page_size=%2B5'],
    ['past 2^53', { page_size: '99999999999999999999' }, '?page_size=99999999999999999999'],
    ['a token off the pattern', { page_token: 'a b' }, '?page_token=a%20b'],
    ['an empty token', { page_token: '' }, '?page_token='],
  ])(
    'give zod’s 400 for a page_size or page_token that is %s, every time',
    async (_what, value, query) => {
      const expected = zodAnswer(PageQuery, value, 'query');
      // Good queries first, so anything remembered is there to be (wrongly) reused.
      await list('prj_demo_scale', '?page_size=20');
      await list('prj_demo_scale', '');
      for (let i = 0; i < 2; i++) {
        const res = await list('prj_demo_scale', query);
        expect(res.status).toBe(400);
        expect(res.text).toBe(expected);
      }
    },
  );

  it('give zod’s 400 for a path parameter off the pattern, every time', async () => {
    const expected = zodAnswer(ProjectParams, { project_id: 'prj demo' }, 'path');
    await list('prj_demo_scale', '');
    for (let i = 0; i < 2; i++) {
      const res = await list('prj%20demo', '');
      expect(res.status).toBe(400);
      expect(res.text).toBe(expected);
    }
  });
});
