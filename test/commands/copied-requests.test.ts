import { spawn } from 'node:child_process';
import { chmodSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect } from 'vitest';
import { headersWithCredentials, prepareRequest } from '../../src/client/prepare-request.js';
import { formatCommandLine, formatCurl } from '../../src/core/request-format.js';
import type { RequestSpec } from '../../src/core/request-spec.js';
import { BIN, cliEnv, runCli, tempConfigDir } from '../helpers/cli.js';
import { it, seededServerForFile } from '../helpers/fixtures.js';
import { TESTER_KEY } from '../helpers/server.js';

// The copies of a request (a curl command, a `domainctl api request` line) run as a person runs
// them: pasted into bash. Each must get the answer `api request` gets for the same request.

const server = seededServerForFile();

/** Runs a command line in bash (a clean environment plus `env`); its stdout and exit code. */
function bash(line: string, env: Record<string, string> = {}) {
  return new Promise<{ stdout: string; stderr: string; code: number | null }>((resolve) => {
    const child = spawn('bash', ['--norc', '--noprofile', '-c', line], {
      env: { ...cliEnv(), ...env },
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString('utf8')));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
    child.on('close', (code) => resolve({ stdout, stderr, code }));
  });
}

/**
 * The request as the raw screen prepares it for a copy, with the tester's token: the headers as
 * sent, the Authorization header the client adds included.
 */
const prepared = (spec: RequestSpec) => {
  const request = prepareRequest({
    method: spec.method,
    path: spec.path,
    data: spec.body,
    headers: spec.headers,
    project: 'prj_demo_scale',
    baseUrl: server.url,
    token: TESTER_KEY,
  });
  return { ...request, headers: headersWithCredentials(request) };
};

/** What the copied curl gets: its body, and the status curl reports after it. */
async function runCurl(spec: RequestSpec) {
  const curl = formatCurl(prepared(spec), { multiline: true });
  expect(curl).not.toContain(TESTER_KEY);
  // One option more, after the copy, that changes nothing sent: the status on a line of its own.
  const result = await bash(`${curl} -s --write-out '\\n%{http_code}'`, {
    DOMAINCTL_TOKEN: TESTER_KEY,
  });
  expect(result.code, result.stderr).toBe(0);
  const at = result.stdout.lastIndexOf('\n');
  return {
    status: Number(result.stdout.slice(at + 1)),
    json: JSON.parse(result.stdout.slice(0, at)),
  };
}

/** What `api request` gets for the same request: its JSON and its exit code. */
async function runApiRequest(spec: RequestSpec) {
  const result = await runCli([
    'api',
    'request',
    spec.method,
    spec.path,
    ...(spec.headers ?? []).flatMap((h) => ['-H', h]),
    ...(spec.body !== undefined ? ['-d', spec.body] : []),
    '--json',
    '--base-url',
    server.url,
    '--token',
    TESTER_KEY,
    '--project',
    'prj_demo_scale',
  ]);
  return { code: result.code, json: result.stdout === '' ? undefined : JSON.parse(result.stdout) };
}

describe('copy as curl', { tags: ['curl'] }, () => {
  it('each copied curl, run by the real curl, gets the answer api request gets', async () => {
    const specs: RequestSpec[] = [
      { method: 'GET', path: '/v1/regions' },
      { method: 'GET', path: '/v1/projects/{project_id}/domains?page_size=5' },
      {
        method: 'GET',
        path: '/v1/projects?page_size=2',
        headers: ['X-Note: it\'s "quoted" $HOME `id`'],
      },
      { method: 'GET', path: '/v1/projects/prj_nope' },
      {
        method: 'POST',
        path: '/v1/projects/{project_id}/domains',
        body: '{"domain":"not a host name"}',
      },
    ];
    for (const spec of specs) {
      const curl = await runCurl(spec);
      const api = await runApiRequest(spec);
      expect(curl.json, `${spec.method} ${spec.path}`).toEqual(api.json);
      expect(api.code).toBe(curl.status >= 200 && curl.status < 300 ? 0 : 1);
    }
  });

  it('a POST and a DELETE copied as curl do what api request would: the same database', async () => {
    const body = `{"name":"curl-db-é","note":"it's"}`;
    const created = await runCurl({
      method: 'POST',
      path: '/v1/projects/{project_id}/databases',
      body,
    });
    expect(created.status).toBe(201);
    const listed = await runApiRequest({
      method: 'GET',
      path: '/v1/projects/{project_id}/databases?page_size=100',
    });
    expect(listed.json.databases).toContainEqual(created.json);
    const deleted = await runCurl({
      method: 'DELETE',
      path: `/v1/projects/{project_id}/databases/${created.json.id}`,
    });
    expect(deleted).toEqual({ status: 200, json: created.json });
    const again = await runApiRequest({
      method: 'DELETE',
      path: `/v1/projects/{project_id}/databases/${created.json.id}`,
    });
    const curlAgain = await runCurl({
      method: 'DELETE',
      path: `/v1/projects/{project_id}/databases/${created.json.id}`,
    });
    expect(curlAgain).toEqual({ status: 404, json: again.json });
  });
});

describe('copy as command line', () => {
  it('pasted into bash, the copied line prints what the request printed, with its exit code', async () => {
    // `domainctl` on PATH, as an installed package puts it.
    const bin = tempConfigDir();
    writeFileSync(join(bin, 'domainctl'), `#!/bin/sh\nexec '${process.execPath}' '${BIN}' "$@"\n`);
    chmodSync(join(bin, 'domainctl'), 0o755);
    const env = {
      PATH: `${bin}:${process.env.PATH ?? ''}`,
      DOMAINCTL_BASE_URL: server.url,
      DOMAINCTL_TOKEN: TESTER_KEY,
    };
    const specs: RequestSpec[] = [
      {
        method: 'GET',
        path: '/v1/projects/{project_id}/domains',
        fields: [{ kind: 'raw', text: 'page_size=2' }],
        jq: '.domains[] | "\\(.domain) \\(.verified)"',
      },
      { method: 'GET', path: '/v1/projects', paginate: true, jq: '.projects | length' },
      {
        method: 'GET',
        path: '/v1/regions',
        headers: ["X-Note: it's"],
        jq: '.regions[] | select(.id == $id) | .name',
        jqArgs: [['id', 'eu-west']],
      },
      { method: 'GET', path: '/v1/projects/prj_nope' },
    ];
    for (const spec of specs) {
      const line = formatCommandLine(spec, { project: 'prj_demo_scale' });
      const pasted = await bash(line, env);
      const direct = await runCli(
        [
          'api',
          'request',
          spec.method,
          spec.path,
          ...(spec.headers ?? []).flatMap((h) => ['-H', h]),
          ...(spec.fields ?? []).map((f) => `-${f.kind === 'raw' ? 'f' : 'F'}${f.text}`),
          ...(spec.paginate ? ['--paginate'] : []),
          ...(spec.jq !== undefined ? ['--jq', spec.jq] : []),
          ...(spec.jqArgs ?? []).flatMap(([n, v]) => ['--arg', n, v]),
          '--project',
          'prj_demo_scale',
        ],
        { env: { DOMAINCTL_BASE_URL: server.url, DOMAINCTL_TOKEN: TESTER_KEY } },
      );
      expect(pasted, line).toEqual(direct);
      expect(direct.stdout).not.toBe('');
    }
  });
});
