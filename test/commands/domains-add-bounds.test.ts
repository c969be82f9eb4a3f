import { randomFillSync } from 'node:crypto';
import { closeSync, openSync, writeFileSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, describe, expect } from 'vitest';
import { removeTempDirs, runCli, tempConfigDir } from '../helpers/cli.js';
import { it, seededServerForFile } from '../helpers/fixtures.js';
import { runMeasured } from '../helpers/measured-cli.js';
import { TESTER_KEY } from '../helpers/server.js';

// `domains add --from-file` reads within a bound (4 MiB, 10,000 hosts) and refuses binary input
// (a NUL byte, bytes that are not UTF-8) with one line and exit code 2, sending nothing. Before,
// 200 MB of random bytes took the bin to 1.45 GB and exit 70 ("Maximum call stack size
// exceeded"), and 300 MB of NULs on stdin to 4.86 GB and SIGABRT.

const server = seededServerForFile();
const MAX_PEAK_MB = 300;
afterAll(() => removeTempDirs());

const env = () => ({
  DOMAINCTL_BASE_URL: server.url,
  DOMAINCTL_TOKEN: TESTER_KEY,
  DOMAINCTL_PROJECT: 'prj_demo_enterprise',
});
const posts = () => server.requests.filter((line) => line.startsWith('POST')).length;

const hostFile = (content: string | Buffer) => {
  const file = join(tempConfigDir(), 'hosts.txt');
  writeFileSync(file, content);
  return file;
};

/** `megabytes` MB of random bytes, written 1 MB at a time (never held whole). */
function junkFile(megabytes: number): string {
  const file = join(tempConfigDir(), 'junk.bin');
  const fd = openSync(file, 'w');
  const chunk = Buffer.alloc(1_000_000);
  for (let i = 0; i < megabytes; i++) writeSync(fd, randomFillSync(chunk));
  closeSync(fd);
  return file;
}

/** `megabytes` MB of NUL bytes as a stream, made as it is read. */
function nulStream(megabytes: number): Readable {
  const chunk = Buffer.alloc(1_000_000);
  let left = megabytes;
  return new Readable({
    read() {
      this.push(left-- > 0 ? chunk : null);
    },
  });
}

describe('domains add --from-file: bounds and binary input', () => {
  it('refuses a NUL byte and bytes that are not UTF-8 (2), sending nothing', async () => {
    const before = posts();
    const nul = hostFile('one.bounds.test\ntwo\u0000.bounds.test\n');
    expect(await runCli(['domains', 'add', '--from-file', nul], { env: env() })).toEqual({
      stdout: '',
      stderr: `domainctl: the host file ${nul} holds a NUL byte (at byte 19): it is binary, not a list of host names\n`,
      code: 2,
    });
    const latin1 = hostFile(Buffer.from('one.bounds.test\nb\u00e4ckerei.bounds.test\n', 'latin1'));
    expect(await runCli(['domains', 'add', '--from-file', latin1], { env: env() })).toEqual({
      stdout: '',
      stderr: `domainctl: the host file ${latin1} is not UTF-8 text: give a file of host names, one a line\n`,
      code: 2,
    });
    expect(
      await runCli(['domains', 'add', '--from-file', '-'], {
        env: env(),
        input: 'one.bounds.test\n\u0000',
      }),
    ).toEqual({
      stdout: '',
      stderr:
        'domainctl: stdin holds a NUL byte (at byte 16): it is binary, not a list of host names\n',
      code: 2,
    });
    expect(posts()).toBe(before);
  });

  it('refuses more than 10,000 hosts and more than 4 MiB (2), sending nothing', async () => {
    const before = posts();
    const many = hostFile(Array.from({ length: 10_001 }, (_, i) => `h${i}.bounds.test\n`).join(''));
    expect(await runCli(['domains', 'add', '--from-file', many], { env: env() })).toEqual({
      stdout: '',
      stderr: `domainctl: the host file ${many} has 10,001 hosts, more than the 10,000 domainctl adds in one run; split it\n`,
      code: 2,
    });
    // Comments only: no host at all, but past the size bound.
    const large = `${'# a comment line of some length\n'.repeat((4 * 1024 ** 2) / 32)}#`;
    expect(
      await runCli(['domains', 'add', '--from-file', '-'], { env: env(), input: large }),
    ).toEqual({
      stdout: '',
      stderr:
        'domainctl: stdin is larger than 4 MiB, the most domainctl reads of a host file; split it\n',
      code: 2,
    });
    expect(posts()).toBe(before);
  });

  it('200 MB of random bytes in the file: exit 2 at once, under 300 MB of memory', async () => {
    const file = junkFile(200);
    const run = await runMeasured(['domains', 'add', '--from-file', file], { env: env() });
    expect(run.stdout).toBe('');
    expect(run.stderr).toMatch(
      /^domainctl: the host file .*junk\.bin (holds a NUL byte \(at byte \d+\): it is binary, not a list of host names|is not UTF-8 text: give a file of host names, one a line)\n$/,
    );
    expect(run.code).toBe(2);
    expect(run.peakRssMb).toBeLessThan(MAX_PEAK_MB);
  });

  it('300 MB of NULs on stdin: exit 2 at once, under 300 MB of memory', async () => {
    const run = await runMeasured(['domains', 'add', '--from-file', '-'], {
      env: env(),
      stdin: nulStream(300),
    });
    expect(run).toMatchObject({
      stdout: '',
      stderr:
        'domainctl: stdin holds a NUL byte (at byte 0): it is binary, not a list of host names\n',
      code: 2,
    });
    expect(run.peakRssMb).toBeLessThan(MAX_PEAK_MB);
  });
});
