import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { describeFailure } from '../../src/core/failure.js';
import { runUi } from '../../src/ui/app/run.js';

// A setting the UI cannot use stops it before it touches the terminal; main() then says why in
// one line with exit code 2, as every command does (describeFailure is what main() asks).
const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function configDir(configJson?: string): string {
  const dir = mkdtempSync(join(tmpdir(), 'domainctl-run-'));
  dirs.push(dir);
  if (configJson !== undefined) writeFileSync(join(dir, 'config.json'), configJson);
  return dir;
}

async function failureOf(run: Promise<void>) {
  const error: unknown = await run.then(
    () => undefined,
    (e: unknown) => e,
  );
  return describeFailure(error);
}

describe('runUi with a setting it cannot use', () => {
  it('demo with a DOMAINCTL_DNS_SERVER that is not an address: one line, exit 2', async () => {
    const env = {
      DOMAINCTL_CONFIG_DIR: configDir(),
      DOMAINCTL_DNS_SERVER: 'dns.example.com',
    };
    expect(await failureOf(runUi({}, { demo: true, env }))).toEqual({
      exitCode: 2,
      line: 'domainctl: DOMAINCTL_DNS_SERVER "dns.example.com": expected an IP address, optionally with :PORT (e.g. 127.0.0.1:5353 or [::1]:53); "dns.example.com" is not one',
    });
  });

  it('a config.json that is not JSON: one line naming the file, exit 2', async () => {
    const dir = configDir('{ not json');
    const failure = await failureOf(runUi({}, { env: { DOMAINCTL_CONFIG_DIR: dir } }));
    expect(failure.exitCode).toBe(2);
    expect(failure.line).toMatch(
      new RegExp(
        `^domainctl: ${join(dir, 'config.json')} is not valid JSON \\(.+\\); fix it or move it away$`,
      ),
    );
    expect(failure.line).not.toContain('\n');
  });
});
