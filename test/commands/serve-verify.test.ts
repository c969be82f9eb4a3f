import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.js';
import { deadPort } from '../helpers/dns-server.js';

const bin = fileURLToPath(new URL('../../bin/domainctl.js', import.meta.url));

describe('domainctl serve --verify-interval --dns-server', () => {
  it('runs the verifier against the given server, logs its failure, and exits cleanly', async () => {
    const dns = await deadPort();
    const child = spawn(
      process.execPath,
      [
        bin,
        'serve',
        '--port',
        '0',
        '--db',
        ':memory:',
        '--seed',
        'demo',
        '--verify-interval',
        '0.2',
        '--dns-server',
        dns,
      ],
      { stdio: ['ignore', 'pipe', 'pipe'] },
    );
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk;
    });
    const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
    // The verifier's first pass fails (nothing listens at `dns`): wait for its one line.
    await new Promise<void>((resolve, reject) => {
      const deadline = setTimeout(
        () => reject(new Error(`no verifier line; stderr: ${stderr}`)),
        10_000,
      );
      child.stderr.on('data', (chunk: Buffer) => {
        stderr += chunk;
        if (stderr.includes('\n')) {
          clearTimeout(deadline);
          resolve();
        }
      });
    });
    expect(stdout).toMatch(
      new RegExp(
        `^domainctl serve listening on http://127\\.0\\.0\\.1:\\d+ \\(db :memory:, seed demo, verifying DNS every 0\\.2 s via ${dns.replaceAll('.', '\\.')}\\)\\n`,
      ),
    );
    expect(stderr).toMatch(
      new RegExp(
        `^verifier: DNS lookup failed for \\d+ of \\d+ pending domains \\(.*connection refused by ${dns.replaceAll('.', '\\.')}`,
      ),
    );
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
    expect(stderr.trim().split('\n')).toEqual([
      expect.stringMatching(/^verifier: /),
      'SIGTERM: shutting down',
    ]);
  });

  it('refuses a --dns-server that is not an IP address', async () => {
    const result = await runCli([
      'serve',
      '--db',
      ':memory:',
      '--dns-server',
      'dns.example.com:53',
    ]);
    expect(result.code).toBe(2);
    expect(result.stdout).toBe('');
    expect(result.stderr).toContain(
      'expected an IP address, optionally with :PORT (e.g. 127.0.0.1:5353 or [::1]:53); "dns.example.com" is not one',
    );
  });
});
