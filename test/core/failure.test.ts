import { describe, expect, it } from 'vitest';
import {
  ApiError,
  CliError,
  ConfigError,
  ExitStatus,
  Interrupted,
  NetworkError,
} from '../../src/core/errors.js';
import { ExitCode } from '../../src/core/exit-codes.js';
import { describeFailure } from '../../src/core/failure.js';

// An error of some other code that happens to carry one of our names: not one of ours.
class LookalikeConfigError extends Error {
  override readonly name = 'ConfigError';
}

describe('describeFailure', () => {
  it('recognises an error by its class, not by its name', () => {
    expect(describeFailure(new ConfigError('config.json is not valid JSON'))).toEqual({
      exitCode: ExitCode.usage,
      line: 'domainctl: config.json is not valid JSON',
    });
    expect(describeFailure(new LookalikeConfigError('config.json is not valid JSON'))).toEqual({
      exitCode: ExitCode.unexpected,
      line: 'domainctl: unexpected error: config.json is not valid JSON',
      unexpected: true,
    });
  });

  it('gives each kind of failure its exit code and one line', () => {
    expect(
      describeFailure(new ApiError(404, 'not_found', 'no such project', 'GET', '/v1/x', {})),
    ).toEqual({ exitCode: 1, line: 'HTTP 404 not_found: no such project' });
    expect(describeFailure(new NetworkError('cannot reach it', 'http://x', false))).toEqual({
      exitCode: 3,
      line: 'domainctl: cannot reach it',
    });
    expect(describeFailure(new CliError('pending after 4 s', ExitCode.reachedDns))).toEqual({
      exitCode: 11,
      line: 'domainctl: pending after 4 s',
    });
  });

  it('ends a command that has said everything with its code and no further line', () => {
    expect(describeFailure(new ExitStatus(ExitCode.apiError))).toEqual({
      exitCode: 1,
      line: undefined,
    });
  });

  it('ends a run a signal stopped at once, silently, with 128 + the signal number', () => {
    expect(describeFailure(new Interrupted('SIGINT'))).toEqual({ exitCode: 130, immediate: true });
    expect(describeFailure(new Interrupted('SIGTERM')).exitCode).toBe(143);
  });

  it('calls anything else a bug: 70, one line, and the stack for --debug alone', () => {
    expect(describeFailure(new TypeError('x is undefined'))).toEqual({
      exitCode: 70,
      line: 'domainctl: unexpected error: x is undefined',
      unexpected: true,
    });
    // An error of another program that happens to share a name with nothing of ours.
    expect(
      describeFailure(Object.assign(new Error('nope'), { name: 'SqliteError' })).exitCode,
    ).toBe(70);
  });
});
