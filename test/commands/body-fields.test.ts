import { writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CliResult, removeTempDirs, runCli, tempConfigDir } from '../helpers/cli.js';
import { seededServerForFile } from '../helpers/fixtures.js';
import { type Listening, listen } from '../helpers/raw-server.js';
import { TESTER_KEY } from '../helpers/server.js';

// `api request -f/-F`: the body is what the fields say, as `gh api` builds it. An echo server
// answers with what it received, so each test sees the exact bytes that were sent.

const server = seededServerForFile();
let echo: Listening;
beforeAll(async () => {
  echo = await listen(
    createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(
          JSON.stringify({
            method: req.method,
            url: req.url,
            content_type: req.headers['content-type'] ?? null,
            body: Buffer.concat(chunks).toString(),
          }),
        );
      });
    }),
  );
});
afterAll(async () => {
  await Promise.all([server.close(), echo.close()]);
  removeTempDirs();
});

/** What the echo server got from `api request METHOD /v1/echo <args>`. */
async function sent(method: string, args: string[], input?: string) {
  const result = await runCli(
    ['api', 'request', method, '/v1/echo', ...args, '--base-url', echo.url, '--json'],
    { input },
  );
  expect(result.stderr).toBe('');
  expect(result.code).toBe(0);
  return JSON.parse(result.stdout) as {
    method: string;
    url: string;
    content_type: string | null;
    body: string;
  };
}

const usage = (line: string): CliResult => ({
  stdout: '',
  stderr: `domainctl: ${line}\n`,
  code: 2,
});

describe('api request -f and -F', () => {
  it('-f sends strings as written, -F types true, false, null and numbers', async () => {
    const got = await sent('POST', [
      '-f',
      'name=main',
      '-f',
      'count=3',
      '-F',
      'size=3',
      '-F',
      'ratio=-1.5e2',
      '-F',
      'on=true',
      '-F',
      'off=false',
      '-F',
      'gone=null',
      '-F',
      'zip=01234',
      '-f',
      'eq=a=b',
    ]);
    expect(got).toEqual({
      method: 'POST',
      url: '/v1/echo',
      content_type: 'application/json',
      body: '{"name":"main","count":"3","size":3,"ratio":-1.5e2,"on":true,"off":false,"gone":null,"zip":"01234","eq":"a=b"}',
    });
  });

  it('nests a[b]=1, collects a[]=x in order, and makes arrays of objects', async () => {
    const got = await sent('PATCH', [
      '-F',
      'labels[env]=prod',
      '-F',
      'labels[tier][level]=2',
      '-f',
      'tags[]=a',
      '-F',
      'tags[]=1',
      '-f',
      'tags[]=c',
      '-f',
      'rules[][name]=first',
      '-F',
      'rules[][weight]=1',
      '-f',
      'rules[][name]=second',
      '-F',
      'empty[]',
    ]);
    expect(JSON.parse(got.body)).toEqual({
      labels: { env: 'prod', tier: { level: 2 } },
      tags: ['a', 1, 'c'],
      rules: [{ name: 'first', weight: 1 }, { name: 'second' }],
      empty: [],
    });
    expect(got.body.startsWith('{"labels":{"env":"prod"')).toBe(true);
  });

  it('-F key=@file sends the file’s text, -F key=@- stdin; -f keeps the @', async () => {
    const file = join(tempConfigDir(), 'note.txt');
    writeFileSync(file, 'line one\nline "two"\n');
    const got = await sent(
      'POST',
      ['-F', `note=@${file}`, '-F', 'stdin=@-', '-f', 'raw=@literal'],
      'from stdin',
    );
    expect(JSON.parse(got.body)).toEqual({
      note: 'line one\nline "two"\n',
      stdin: 'from stdin',
      raw: '@literal',
    });
  });

  it('-F sends a number as it was typed, digits a double would lose included, as -d does', async () => {
    const got = await sent('POST', [
      '-F',
      'id=12345678901234567890',
      '-F',
      'ratio=1.50',
      '-F',
      'tags[]=9007199254740993',
      '-F',
      'small=-2e-3',
    ]);
    expect(got.body).toBe(
      '{"id":12345678901234567890,"ratio":1.50,"tags":[9007199254740993],"small":-2e-3}',
    );
    const query = await sent('GET', ['-F', 'since=1.50', '-F', 'id=12345678901234567890']);
    expect(query.url).toBe('/v1/echo?since=1.50&id=12345678901234567890');
  });

  it('takes __proto__ and constructor as the names of fields like any other', async () => {
    const got = await sent('POST', [
      '-f',
      '__proto__[a]=1',
      '-f',
      'constructor=2',
      '-f',
      'b[__proto__]=3',
      '-f',
      'c[][__proto__]=4',
      '-f',
      'toString=5',
    ]);
    expect(got.body).toBe(
      '{"__proto__":{"a":"1"},"constructor":"2","b":{"__proto__":"3"},"c":[{"__proto__":"4"}],"toString":"5"}',
    );
  });

  it('sends the fields of a GET as query parameters, as gh api does', async () => {
    const got = await sent('GET', ['-F', 'page_size=5', '-f', 'q=a b&c']);
    expect(got).toMatchObject({
      method: 'GET',
      url: '/v1/echo?page_size=5&q=a+b%26c',
      body: '',
    });
  });

  it('adds a domain on the reference server with -f domain=…', async () => {
    const result = await runCli(
      [
        'api',
        'request',
        'POST',
        '/v1/projects/{project_id}/domains',
        '-f',
        'domain=fields.example.com',
        '--jq',
        '[.domain, .verified] | @tsv',
      ],
      {
        env: {
          DOMAINCTL_BASE_URL: server.url,
          DOMAINCTL_TOKEN: TESTER_KEY,
          DOMAINCTL_PROJECT: 'prj_demo_scale',
        },
      },
    );
    expect(result).toEqual({ stdout: 'fields.example.com\tfalse\n', stderr: '', code: 0 });
    expect(server.requests.at(-1)).toBe('POST /v1/projects/prj_demo_scale/domains 201');
  });

  it('refuses what cannot make a body, before anything is sent', async () => {
    const api = (args: string[]) =>
      runCli(['api', 'request', 'POST', '/v1/echo', ...args, '--base-url', server.url]);
    const before = server.requests.length;
    expect(await api(['-d', '{"a":1}', '-f', 'b=2'])).toEqual(
      usage('give the body with -d or with -f/-F fields, not both'),
    );
    expect(await api(['-f', 'a[b=1'])).toEqual(
      usage('invalid field key "a[b": write name, name[key] or name[] (e.g. labels[env], tags[])'),
    );
    expect(await api(['-f', 'a=1', '-f', 'a[b]=2'])).toEqual(
      usage('field "a[b]" is given both as a value and as an object or array'),
    );
    expect(await api(['-f', 'name'])).toEqual(
      usage('field "name" has no value: write key=value (or key[] for [])'),
    );
    expect(await api(['-F', 'body=@'])).toEqual(
      usage('field "body": @ needs a file name after it (@FILE, or @- for stdin)'),
    );
    expect(await api(['-F', 'body=@/nonexistent/file.json'])).toEqual(
      usage('cannot read the field file /nonexistent/file.json: no such file'),
    );
    expect(
      await runCli(['api', 'request', 'GET', '/v1/echo', '-f', 'a[b]=1', '--base-url', server.url]),
    ).toEqual(usage('field "a" is an object or array, which a GET\'s query string cannot carry'));
    expect(server.requests.slice(before)).toEqual([]);
  });
});
