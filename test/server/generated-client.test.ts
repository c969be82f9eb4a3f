import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { createClient as generate } from '@hey-api/openapi-ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { routes } from '../../src/contract/routes.js';
import { api } from '../helpers/api.js';
import { seededServerForFile } from '../helpers/fixtures.js';
import { OUTSIDER_KEY, TESTER_KEY } from '../helpers/server.js';

// What a team that generates its client from the served document meets: @hey-api/openapi-ts
// (a generator this project does not use) with its zod plugin and request and response
// validation, built with tsc --strict, then every operation driven through it against the demo
// data, each answer, errors included, held to the generated schemas.

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const server = seededServerForFile();
let dir: string;
type Result = { data?: unknown; error?: unknown; response: Response };
type Operation = (options: Record<string, unknown>) => Promise<Result>;
let sdk: Record<string, Operation>;
let schemas: Record<string, { parse(value: unknown): unknown }>;
let makeClient: (config: Record<string, unknown>) => unknown;
let documented: Record<string, string[]>;

beforeAll(async () => {
  const res = await api(server, 'GET', '/v1/openapi.json');
  const doc = res.json as { paths: Record<string, Record<string, { responses: object }>> };
  documented = Object.fromEntries(
    routes.map((r) => [
      r.operationId,
      Object.keys(doc.paths[r.path]?.[r.method.toLowerCase()]?.responses ?? {}),
    ]),
  );
  dir = mkdtempSync(join(tmpdir(), 'domainctl-generated-'));
  // The generated code imports zod: this project's, as an app of its own would have it.
  symlinkSync(join(ROOT, 'node_modules'), join(dir, 'node_modules'), 'dir');
  writeFileSync(join(dir, 'package.json'), '{ "type": "module" }\n');
  await generate({
    input: doc as never,
    output: join(dir, 'client'),
    logs: { level: 'silent' },
    plugins: ['@hey-api/client-fetch', 'zod', { name: '@hey-api/sdk', validator: true }],
  });
  const at = (file: string) => pathToFileURL(join(dir, 'client', file)).href;
  sdk = (await import(at('sdk.gen.ts'))) as typeof sdk;
  schemas = (await import(at('zod.gen.ts'))) as typeof schemas;
  makeClient = ((await import(at('client/index.ts'))) as { createClient: typeof makeClient })
    .createClient;
}, 120_000);
afterAll(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
});

const clientFor = (key?: string) =>
  makeClient({ baseUrl: server.url, ...(key !== undefined && { auth: () => key }) });

describe('a client generated from /v1/openapi.json by @hey-api/openapi-ts', () => {
  it('builds with tsc --strict and no diagnostic', async () => {
    const tsc = join(ROOT, 'node_modules', 'typescript', 'bin', 'tsc');
    const run = promisify(execFile)(
      process.execPath,
      [
        tsc,
        '--noEmit',
        '--strict',
        '--target',
        'es2022',
        '--module',
        'nodenext',
        '--moduleResolution',
        'nodenext',
        '--types',
        'node',
        join(dir, 'client', 'index.ts'),
      ],
      { cwd: dir },
    );
    await expect(run).resolves.toEqual({ stdout: '', stderr: '' });
  }, 120_000);

  it('drives every documented operation to its success, each answer valid by the generated schemas', async () => {
    const tester = clientFor(TESTER_KEY);
    const calls: Record<string, Record<string, unknown>> = {
      listRegions: {},
      listProjects: { query: { organization_id: 'org_demo', page_size: 10 } },
      createProject: {
        body: { name: 'Generated', organization_id: 'org_demo', region_id: 'us-east' },
      },
      getProject: { path: { project_id: 'prj_demo_scale' } },
      listDatabases: { path: { project_id: 'prj_demo_scale' }, query: { page_size: 1 } },
      createDatabase: { path: { project_id: 'prj_demo_scale' }, body: { name: 'generated' } },
      deleteDatabase: { path: { project_id: 'prj_demo_scale', database_id: 'db_demo_analytics' } },
      addDomain: {
        path: { project_id: 'prj_demo_scale' },
        body: { domain: 'generated.example.com' },
      },
      listDomains: { path: { project_id: 'prj_demo_scale' }, query: { page_size: 5 } },
      tlsAsk: { query: { domain: 'www.acme-shop.com' } },
      getOpenApi: {},
      getHealth: {},
      getReadiness: {},
    };
    expect(Object.keys(calls).sort()).toEqual(routes.map((r) => r.operationId).sort());
    for (const route of routes) {
      const operation = sdk[route.operationId] as Operation;
      const result = await operation({ client: tester, ...calls[route.operationId] });
      expect(result.response.status, route.operationId).toBe(route.successStatus);
      expect(result.error, route.operationId).toBeUndefined();
      const name = `z${route.operationId[0]?.toUpperCase()}${route.operationId.slice(1)}Response`;
      expect(schemas[name], name).toBeDefined();
      expect(schemas[name]?.parse(result.data)).toEqual(result.data);
    }
  });

  it('meets the documented errors, each body valid by the generated Error schema', async () => {
    const cases: [operationId: string, status: number, key: string | undefined, options: object][] =
      [
        ['listProjects', 401, undefined, {}],
        ['createProject', 401, 'dk_unknown', { body: { name: 'x', organization_id: 'org_demo' } }],
        ['getProject', 404, TESTER_KEY, { path: { project_id: 'prj_other' } }],
        [
          'listDatabases',
          400,
          TESTER_KEY,
          { path: { project_id: 'prj_demo_scale' }, query: { page_token: 'bm90LWpzb24' } },
        ],
        [
          'createDatabase',
          404,
          TESTER_KEY,
          { path: { project_id: 'prj_other' }, body: { name: 'x' } },
        ],
        [
          'deleteDatabase',
          404,
          TESTER_KEY,
          { path: { project_id: 'prj_demo_scale', database_id: 'db_nowhere' } },
        ],
        [
          'addDomain',
          402,
          TESTER_KEY,
          { path: { project_id: 'prj_demo_free' }, body: { domain: 'free.example.com' } },
        ],
        [
          'addDomain',
          403,
          OUTSIDER_KEY,
          { path: { project_id: 'prj_demo_scale' }, body: { domain: 'flag.example.com' } },
        ],
        [
          'addDomain',
          409,
          TESTER_KEY,
          { path: { project_id: 'prj_demo_scale' }, body: { domain: 'www.acme-shop.com' } },
        ],
        [
          'addDomain',
          400,
          TESTER_KEY,
          { path: { project_id: 'prj_demo_scale' }, body: { domain: 'edge.domainctl.test' } },
        ],
        ['listDomains', 403, OUTSIDER_KEY, { path: { project_id: 'prj_demo_scale' } }],
        ['tlsAsk', 404, undefined, { query: { domain: 'unknown.example.com' } }],
      ];
    const zError = schemas.zError as { parse(value: unknown): unknown };
    for (const [operationId, status, key, options] of cases) {
      const result = await (sdk[operationId] as Operation)({ client: clientFor(key), ...options });
      const at = `${operationId} ${status}`;
      expect(result.response.status, at).toBe(status);
      expect(documented[operationId], at).toContain(String(status));
      expect(zError.parse(result.error), at).toEqual(result.error);
    }
  });
});
