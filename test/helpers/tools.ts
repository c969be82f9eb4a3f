import { accessSync, constants } from 'node:fs';
import { delimiter, join } from 'node:path';
import type { TestTagDefinition } from 'vitest/config';

/**
 * The programs outside npm that some tests drive for real (servers on loopback, terminals,
 * shells), each with the Debian package that brings it. Everything else the suite needs comes
 * with `npm install`, PostgreSQL included (scripts/pg-cluster.mjs).
 *
 * Each is a vitest tag (`toolTags()`, in vitest.config.ts): a test file that drives one says so
 * in a `// @module-tag caddy` line at its top, a describe or test in its options
 * (`{ tags: ['jq'] }`). Where the tool is missing those tests are skipped, and the run ends with
 * one list of what it skipped and why (test/helpers/missing-tools-reporter.ts). With
 * DOMAINCTL_TEST_TOOLS=required (.ci/run sets it) they run, and fail naming the tool
 * (test/setup.ts): CI must run every test.
 */
export const TOOLS = {
  tmux: { package: 'tmux', find: program('tmux') },
  dnsmasq: { package: 'dnsmasq-base', find: program('dnsmasq') },
  named: { package: 'bind9', find: program('named') },
  unbound: { package: 'unbound', find: program('unbound') },
  'named-checkzone': { package: 'bind9-utils', find: program('named-checkzone') },
  'dnssec-signzone': { package: 'bind9-utils', find: program('dnssec-signzone') },
  'dnssec-keygen': { package: 'bind9-utils', find: program('dnssec-keygen') },
  'dnssec-dsfromkey': { package: 'bind9-utils', find: program('dnssec-dsfromkey') },
  caddy: { package: 'caddy', find: program('caddy') },
  haproxy: { package: 'haproxy', find: program('haproxy') },
  openssl: { package: 'openssl', find: program('openssl') },
  curl: { package: 'curl', find: program('curl') },
  jq: { package: 'jq', find: program('jq') },
  zsh: { package: 'zsh', find: program('zsh') },
  fish: { package: 'fish', find: program('fish') },
  'bash-completion': {
    package: 'bash-completion',
    find: file('/usr/share/bash-completion/bash_completion'),
  },
} satisfies Record<string, { package: string; find: () => string | undefined }>;

export type Tool = keyof typeof TOOLS;

/** The switch that makes a missing tool a failure (CI); otherwise its tests are skipped. */
export const TOOLS_REQUIRED = process.env.DOMAINCTL_TEST_TOOLS === 'required';

function executable(candidate: string): boolean {
  try {
    accessSync(candidate, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/** Finds `name` on PATH, then in the system folders a non-root PATH may lack. */
function program(name: string): () => string | undefined {
  return () =>
    [...(process.env.PATH ?? '').split(delimiter), '/usr/sbin', '/usr/bin', '/sbin']
      .filter(Boolean)
      .map((dir) => join(dir, name))
      .find(executable);
}

function file(path: string): () => string | undefined {
  return () => {
    try {
      accessSync(path, constants.R_OK);
      return path;
    } catch {
      return undefined;
    }
  };
}

const found = new Map<Tool, string | undefined>();

/** Where `tool` is on this machine, or undefined. */
export function findTool(tool: Tool): string | undefined {
  if (!found.has(tool)) found.set(tool, TOOLS[tool].find());
  return found.get(tool);
}

export const hasTool = (tool: Tool): boolean => findTool(tool) !== undefined;

/** How to install `tool`, as the skip list and the failures say it. */
export const installHint = (tool: Tool): string => `apt-get install -y ${TOOLS[tool].package}`;

/**
 * The path of `tool`, for the helpers that start it; throws what to install when it is missing
 * (a test that gets here without the tool's tag lacks it: see TOOLS above).
 */
export function toolPath(tool: Tool): string {
  const path = findTool(tool);
  if (path === undefined) {
    throw new Error(
      `${tool} is not installed: the test drives it for real. Install it with \`${installHint(tool)}\` (Debian/Ubuntu; .ci/run does this)`,
    );
  }
  return path;
}

/** The tools among a test's `tags` that this machine lacks. */
export const missingTools = (tags: readonly string[] = []): Tool[] =>
  tags.filter((tag): tag is Tool => tag in TOOLS && !hasTool(tag as Tool));

/**
 * A vitest tag for each tool: a test tagged with a missing one is skipped (and the reporter says
 * why), unless DOMAINCTL_TEST_TOOLS=required.
 */
export function toolTags(): TestTagDefinition[] {
  return (Object.keys(TOOLS) as Tool[]).map((tool) => ({
    name: tool,
    description: `drives ${tool} (${installHint(tool)})`,
    ...(hasTool(tool) || TOOLS_REQUIRED ? {} : { skip: true }),
  }));
}
