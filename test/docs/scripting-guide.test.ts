import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Command } from 'commander';
import { describe, expect, it } from 'vitest';
import { ExitCode, signalExitCode } from '../../src/core/exit-codes.js';
import { createProgram } from '../../src/program.js';
import { column, readGuide, section, type Section } from '../helpers/guide.js';

// docs/scripting.md against the program itself: the command tree commander builds
// (createProgram), the exit codes of src/core/exit-codes.ts and the DOMAINCTL_ variables the
// code reads. A command, argument, option, exit code or variable in one and not in the other
// fails here, whichever side it is missing from.

const docs = (name: string) => new URL(`../../docs/${name}`, import.meta.url);
const guide = readGuide(docs('scripting.md'));
const program = createProgram();

/** Every command that runs something (not a group such as `domains`), by its words. */
function leafCommands(command: Command, words: string[] = []): Map<string, Command> {
  const found = new Map<string, Command>();
  for (const sub of command.commands) {
    const path = [...words, sub.name()];
    if (sub.commands.length === 0) found.set(path.join(' '), sub);
    for (const [name, leaf] of leafCommands(sub, path)) found.set(name, leaf);
  }
  return found;
}

/** The guide's command sections: `### \`domainctl domains add <domain>\`` and the like. */
function commandSections(): Map<string, Section> {
  const commands = section(guide, 'Commands', 2);
  const found = new Map<string, Section>();
  for (const s of guide) {
    const heading = s.codes[0] ?? '';
    if (s.depth !== 3 || !heading.startsWith('domainctl ') || !isUnder(s, commands)) continue;
    const words = heading.split(' ').slice(1);
    found.set(words.filter((w) => /^[a-z]/.test(w)).join(' '), s);
  }
  return found;
}

function isUnder(inner: Section, outer: Section): boolean {
  const at = guide.indexOf(outer);
  const next = guide.findIndex((s, i) => i > at && s.depth <= outer.depth);
  const index = guide.indexOf(inner);
  return index > at && (next === -1 || index < next);
}

/** The options a first column names, as written: `--page-size <n>`, `-d, --data <…>`. */
function optionsNamed(s: Section): string[] {
  return column(s, 0)
    .flatMap((cell) => cell.codes)
    .filter((code) => code.startsWith('-'));
}

const globalOptions = program.options.map((option) => option.flags);
const HELP = '-h, --help';
const leaves = leafCommands(program);
const sections = commandSections();

describe('the scripting guide and the command tree', () => {
  it('has a section for every command, and no section for a command that does not exist', () => {
    expect([...sections.keys()].sort()).toEqual([...leaves.keys()].sort());
  });

  it("names each command's arguments in its heading, <required>, [optional] and [many...]", () => {
    for (const [name, command] of leaves) {
      const expected = command.registeredArguments
        .map((arg) => `${arg.name()}${arg.variadic ? '...' : ''}`)
        .map((name, i) => (command.registeredArguments[i]?.required ? `<${name}>` : `[${name}]`))
        .join(' ');
      const heading = sections.get(name)?.codes[0] ?? '';
      expect(heading, name).toBe(`domainctl ${name}${expected ? ` ${expected}` : ''}`);
    }
  });

  it('lists every option of each command in its table, as commander writes it', () => {
    for (const [name, command] of leaves) {
      const named = optionsNamed(sections.get(name) as Section);
      const own = command.options.map((option) => option.flags);
      expect({ name, missing: own.filter((flags) => !named.includes(flags)) }).toEqual({
        name,
        missing: [],
      });
      // A global option a command uses may be listed with it; nothing else may.
      const known = [...own, ...globalOptions, HELP];
      expect({ name, unknown: named.filter((flags) => !known.includes(flags)) }).toEqual({
        name,
        unknown: [],
      });
    }
  });

  it('lists exactly the global options, and help', () => {
    const named = optionsNamed(section(guide, 'Global options', 2));
    expect([...named].sort()).toEqual([...globalOptions, HELP].sort());
  });

  it("lists serve's options in the server guide as well", () => {
    const serve = leaves.get('serve') as Command;
    const named = optionsNamed(section(readGuide(docs('server.md')), 'Options', 2));
    expect([...named].sort()).toEqual(serve.options.map((option) => option.flags).sort());
  });
});

describe('the scripting guide and the exit codes', () => {
  it('lists every exit code, the signals included, and no other', () => {
    const listed = column(section(guide, 'Exit codes', 2), 0).map((cell) => cell.text);
    const signals = (['SIGHUP', 'SIGINT', 'SIGTERM'] as const).map(signalExitCode);
    const codes = [...Object.values(ExitCode), ...signals].map(String);
    expect(listed).toEqual([...new Set(codes)]);
  });
});

describe('the scripting guide and the environment', () => {
  it('lists every DOMAINCTL_ variable the code reads, and none it does not', () => {
    const root = fileURLToPath(new URL('../..', import.meta.url));
    const read = new Set<string>();
    for (const dir of ['src', 'bin']) {
      for (const file of readdirSync(join(root, dir), { recursive: true, encoding: 'utf8' })) {
        if (!/\.(ts|tsx|js|mjs)$/.test(file)) continue;
        const text = readFileSync(join(root, dir, file), 'utf8');
        for (const [name] of text.matchAll(/\bDOMAINCTL_[A-Z_]+\b/g)) read.add(name);
      }
    }
    const listed = column(section(guide, 'Environment variables', 2), 0)
      .flatMap((cell) => cell.codes)
      .filter((name) => name.startsWith('DOMAINCTL_'));
    expect([...listed].sort()).toEqual([...read].sort());
  });
});
