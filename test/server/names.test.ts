import { describe, expect, it } from 'vitest';
import { Database, Project } from '../../src/contract/schemas.js';
import { api, expectError } from '../helpers/api.js';
import { seededServerForFile } from '../helpers/fixtures.js';
import { TESTER_KEY } from '../helpers/server.js';

// Project and database names are shown on terminals, which obey control characters: a name
// holding one is refused with 400, inside the name; at its ends whitespace is trimmed.

const server = seededServerForFile();

const REFUSED =
  'name must not contain control characters (U+0000–U+001F, U+007F–U+009F: a tab, a line break, an escape…)';

const createProject = (name: string) =>
  api(server, 'POST', '/v1/projects', {
    key: TESTER_KEY,
    body: { name, organization_id: 'org_demo' },
  });
const createDatabase = (name: string) =>
  api(server, 'POST', '/v1/projects/prj_demo_enterprise/databases', {
    key: TESTER_KEY,
    body: { name },
  });
const count = async (path: string, items: string) =>
  (
    (await api(server, 'GET', `${path}?page_size=100`, { key: TESTER_KEY })).json as Record<
      string,
      unknown[]
    >
  )[items]?.length;

const controls: [what: string, name: string][] = [
  ['a window title (OSC 2 … BEL)', 'Evil\u001b]2;pwned\u0007Corp'],
  ['a clipboard write (OSC 52)', 'x\u001b]52;c;ZWNobyBvd25lZA==\u0007'],
  ['a clear screen (CSI)', 'Clear\u001b[2J'],
  ['a NUL', 'nul\u0000byte'],
  ['a tab inside', 'two\twords'],
  ['a line feed inside', 'two\nlines'],
  ['a carriage return inside', 'over\rwritten'],
  ['a backspace', 'back\bspace'],
  ['DEL', 'del\u007f'],
  ['a C1 CSI (U+009B)', 'c1\u009b31m'],
  ['a C1 NEL (U+0085)', 'next\u0085line'],
];

describe('names with control characters are refused with 400', () => {
  it.each(controls)('a project name with %s', async (_what, name) => {
    const before = await count('/v1/projects', 'projects');
    expect(expectError(await createProject(name), 400, 'invalid_request')).toBe(REFUSED);
    expect(await count('/v1/projects', 'projects')).toBe(before);
  });

  it.each(controls)('a database name with %s', async (_what, name) => {
    const path = '/v1/projects/prj_demo_enterprise/databases';
    const before = await count(path, 'databases');
    expect(expectError(await createDatabase(name), 400, 'invalid_request')).toBe(REFUSED);
    expect(await count(path, 'databases')).toBe(before);
  });
});

describe('names that are not valid UTF-8 are refused, not stored as U+FFFD', () => {
  // The body's bytes around a broken sequence: `{"name":"Bad<bytes>Name",…}`.
  const bodyWith = (bytes: number[], rest: string) =>
    Buffer.concat([Buffer.from('{"name":"Bad'), Buffer.from(bytes), Buffer.from(`Name"${rest}}`)]);
  const broken: [what: string, bytes: number[]][] = [
    ['a lone continuation byte', [0x80]],
    ['a sequence cut short', [0xc3]],
    ['an overlong "/"', [0xc0, 0xaf]],
    ['a surrogate encoded in UTF-8', [0xed, 0xa0, 0x80]],
    ['a byte that is never UTF-8', [0xff, 0xfe]],
    ['a code point past U+10FFFF', [0xf4, 0x90, 0x80, 0x80]],
  ];
  const post = (path: string, body: Buffer) =>
    api(server, 'POST', path, {
      key: TESTER_KEY,
      rawBody: body,
      headers: { 'content-type': 'application/json' },
    });

  it.each(broken)('a project name with %s', async (_what, bytes) => {
    const before = await count('/v1/projects', 'projects');
    const res = await post('/v1/projects', bodyWith(bytes, ',"organization_id":"org_demo"'));
    expect(expectError(res, 400, 'invalid_request')).toBe('the request body is not valid UTF-8');
    expect(await count('/v1/projects', 'projects')).toBe(before);
  });

  it.each(broken)('a database name with %s', async (_what, bytes) => {
    const path = '/v1/projects/prj_demo_enterprise/databases';
    const before = await count(path, 'databases');
    const res = await post(path, bodyWith(bytes, ''));
    expect(expectError(res, 400, 'invalid_request')).toBe('the request body is not valid UTF-8');
    expect(await count(path, 'databases')).toBe(before);
  });

  it('half of a surrogate pair, as a JSON escape, is refused too', async () => {
    const message = 'name must be valid Unicode text (it has half of a surrogate pair)';
    for (const name of ['Bad\\ud800Name', 'Bad\\udc00', '\\udbff']) {
      const project = await post(
        '/v1/projects',
        Buffer.from(`{"name":"${name}","organization_id":"org_demo"}`),
      );
      expect(expectError(project, 400, 'invalid_request'), name).toBe(message);
      const database = await post(
        '/v1/projects/prj_demo_enterprise/databases',
        Buffer.from(`{"name":"${name}"}`),
      );
      expect(expectError(database, 400, 'invalid_request'), name).toBe(message);
    }
    // A whole pair, escaped, is a character like any other.
    const res = await post(
      '/v1/projects',
      Buffer.from('{"name":"rocket \\ud83d\\ude80","organization_id":"org_demo"}'),
    );
    expect(res.status).toBe(201);
    expect(Project.parse(res.json).name).toBe('rocket \u{1f680}');
  });

  it('a byte order mark before the JSON is read past, as before', async () => {
    const res = await post(
      '/v1/projects',
      Buffer.from('\ufeff{"name":"Bom Corp","organization_id":"org_demo"}'),
    );
    expect(res.status).toBe(201);
    expect(Project.parse(res.json).name).toBe('Bom Corp');
  });
});

describe('names that are accepted', () => {
  it('whitespace around a name, line breaks and tabs included, is trimmed', async () => {
    const project = await createProject(' \t Trimmed Project \r\n');
    expect(project.status).toBe(201);
    expect(Project.parse(project.json).name).toBe('Trimmed Project');
    const database = await createDatabase('\nreports\t');
    expect(Database.parse(database.json).name).toBe('reports');
  });

  it('letters of any script, spaces and symbols inside are kept', async () => {
    for (const name of ['Café Zürich', 'データ 2', 'a\u00a0b', 'émoji 🚀 shop']) {
      const res = await createProject(name);
      expect(res.status, name).toBe(201);
      expect(Project.parse(res.json).name).toBe(name);
    }
  });
});

describe('the OpenAPI document says so', () => {
  it('both request schemas carry the pattern that refuses control characters', async () => {
    const doc = (await api(server, 'GET', '/v1/openapi.json')).json as {
      components: { schemas: Record<string, { properties: Record<string, unknown> }> };
    };
    for (const schema of ['CreateProjectRequest', 'CreateDatabaseRequest']) {
      expect(doc.components.schemas[schema]?.properties.name, schema).toMatchObject({
        type: 'string',
        minLength: 1,
        maxLength: 100,
        pattern: '^[^\\u0000-\\u001f\\u007f-\\u009f]*$',
      });
    }
    const pattern = new RegExp(
      (doc.components.schemas.CreateProjectRequest?.properties.name as { pattern: string }).pattern,
    );
    for (const [, name] of controls) expect(pattern.test(name), JSON.stringify(name)).toBe(false);
    expect(pattern.test('Café Zürich')).toBe(true);
  });
});
