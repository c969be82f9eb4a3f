import { spawn } from 'node:child_process';
import { describe, expect } from 'vitest';
import { formatJson } from '../../src/commands/json-format.js';
import { BIN, cliEnv, runCliBytes } from '../helpers/cli.js';
import { it, seededServerForFile } from '../helpers/fixtures.js';
import { TESTER_KEY } from '../helpers/server.js';

// `api request`'s answer: coloured by token type on a terminal (keys, strings, numbers,
// literals), and byte for byte the server's JSON, formatted, anywhere else.

const server = seededServerForFile();

const PATH = '/v1/projects/prj_demo_scale/domains?page_size=3';

async function serverJson(): Promise<unknown> {
  const response = await fetch(`${server.url}${PATH}`, {
    headers: { authorization: `Bearer ${TESTER_KEY}` },
  });
  return response.json();
}

const args = (...more: string[]) => [
  'api',
  'request',
  'GET',
  PATH,
  '--base-url',
  server.url,
  '--token',
  TESTER_KEY,
  ...more,
];

/**
 * The bin run in a pseudo-terminal (util-linux `script`), as a person at a terminal runs it:
 * what it wrote there, with the terminal's CRLF line ends made LF again, and its exit code.
 */
function inTerminal(
  argv: string[],
  env: Record<string, string | undefined>,
): Promise<{ output: string; code: number | null }> {
  const quote = (word: string) => `'${word.replaceAll("'", `'\\''`)}'`;
  const command = [process.execPath, BIN, ...argv].map(quote).join(' ');
  return new Promise((resolve, reject) => {
    const child = spawn('script', ['-q', '-e', '-c', command, '/dev/null'], {
      env: cliEnv(env),
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    const chunks: Buffer[] = [];
    child.stdout.on('data', (chunk: Buffer) => chunks.push(chunk));
    child.on('error', (error) =>
      reject(new Error(`this test needs util-linux's script: ${error.message}`)),
    );
    child.on('close', (code) =>
      resolve({ output: Buffer.concat(chunks).toString('utf8').replaceAll('\r\n', '\n'), code }),
    );
    child.stdin.end();
  });
}

describe('api request output', () => {
  it('in a pipe: the formatted JSON byte for byte, with or without NO_COLOR, even with --json', async () => {
    const json = await serverJson();
    const pretty = Buffer.from(`${JSON.stringify(json, null, 2)}\n`);
    for (const env of [{ NO_COLOR: undefined }, { NO_COLOR: '1' }]) {
      const result = await runCliBytes(args(), { env });
      expect(result.code).toBe(0);
      expect(result.stderr.length).toBe(0);
      expect(result.stdout.equals(pretty), JSON.stringify(env)).toBe(true);
    }
    const compact = await runCliBytes(args('--json'), { env: { NO_COLOR: undefined } });
    expect(compact.stdout.equals(Buffer.from(`${JSON.stringify(json)}\n`))).toBe(true);
  });

  it('on a terminal: coloured by token type, and the same text under the colours', async () => {
    const json = await serverJson();
    const { output, code } = await inTerminal(args(), { NO_COLOR: undefined });
    expect(code).toBe(0);
    expect(output).toBe(`${formatJson(json, { color: true })}\n`);
    // Each kind in its colour: keys blue, strings green, numbers cyan, booleans yellow, null gray.
    expect(output).toContain('\u001b[34m"domains"\u001b[39m: [');
    const ESC = '\u001b';
    expect(output).toMatch(
      new RegExp(`${ESC}\\[34m"domain"${ESC}\\[39m: ${ESC}\\[32m"[a-z0-9.-]+"${ESC}\\[39m`),
    );
    expect(output).toMatch(new RegExp(`${ESC}\\[33m(true|false)${ESC}\\[39m`));
    expect(output).toContain('\u001b[90mnull\u001b[39m');

    const compact = await inTerminal([...args('--json'), '--jq', '[.domains | length]'], {
      NO_COLOR: undefined,
    });
    expect(compact.output).toBe('[3]\n');
    const numbers = await inTerminal(
      ['api', 'request', 'GET', '/v1/regions', '--base-url', server.url, '--json'],
      { NO_COLOR: undefined },
    );
    expect(numbers.output.startsWith('{\u001b[34m"regions"\u001b[39m:[{')).toBe(true);
  });

  it('on a terminal with NO_COLOR or --no-color: no colour at all', async () => {
    const plain = `${JSON.stringify(await serverJson(), null, 2)}\n`;
    expect(await inTerminal(args(), { NO_COLOR: '1' })).toEqual({ output: plain, code: 0 });
    expect(await inTerminal(args('--no-color'), { NO_COLOR: undefined })).toEqual({
      output: plain,
      code: 0,
    });
  });
});
