import { CommanderError } from 'commander';
import { describe, expect, it } from 'vitest';
import { ConfigError, Interrupted } from '../src/core/errors.js';
import { ending } from '../src/main.js';

describe('how main() ends a run that failed', () => {
  it('says a bug in one line, and shows its stack with --debug alone', () => {
    const bug = new TypeError('cannot read properties of undefined');
    expect(ending(bug, false)).toEqual({
      text: 'domainctl: unexpected error: cannot read properties of undefined\n',
      exitCode: 70,
      immediate: false,
    });
    const debug = ending(bug, true);
    expect(debug.exitCode).toBe(70);
    expect(debug.text).toMatch(
      /^domainctl: unexpected error: cannot read properties of undefined\nTypeError: cannot read properties of undefined\n\s+at /,
    );
  });

  it('never shows a stack for a failure it foresaw, --debug or not', () => {
    const error = new ConfigError('config.json is not valid JSON');
    expect(ending(error, true)).toEqual({
      text: 'domainctl: config.json is not valid JSON\n',
      exitCode: 2,
      immediate: false,
    });
  });

  it("says commander's parse errors with our prefix, then the hint", () => {
    const error = new CommanderError(
      1,
      'commander.unknownOption',
      "error: unknown option '--nope'",
    );
    expect(ending(error, false)).toEqual({
      text: "domainctl: unknown option '--nope'\n(run with --help for usage)\n",
      exitCode: 2,
      immediate: false,
    });
    const typo = new CommanderError(
      1,
      'commander.unknownCommand',
      "error: unknown command 'lst'\n(Did you mean list?)",
    );
    expect(ending(typo, false)).toEqual({
      text: "domainctl: unknown command 'lst'\n(Did you mean list?)\n(run with --help for usage)\n",
      exitCode: 2,
      immediate: false,
    });
    expect(ending(new CommanderError(0, 'commander.helpDisplayed', '(outputHelp)'), false)).toEqual(
      { text: '', exitCode: 0, immediate: false },
    );
  });

  it('ends a run a signal stopped at once, with nothing more to say', () => {
    expect(ending(new Interrupted('SIGINT'), false)).toEqual({
      text: '',
      exitCode: 130,
      immediate: true,
    });
  });

  it('shows what a line quotes with its control characters made visible', () => {
    expect(ending(new ConfigError('bad \u001b]0;title\u0007 value'), false).text).toBe(
      'domainctl: bad \\u001b]0;title\\u0007 value\n',
    );
  });
});
