// @module-tag tmux
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { removeTempDirs, runCli } from '../helpers/cli.js';
import { type FakeApi, startFakeApi } from '../helpers/fake-api.js';
import { startTerminal, type Terminal } from '../helpers/tmux.js';

// One TLS rule for both faces (src/core/tls.ts): a certificate with 14 whole days left, or fewer,
// is a warning (yellow), one with 15 is not, in `domains list` and in the UI alike. The UI's
// colours are read from a real terminal (tmux capture-pane -e): only there does Ink draw them.
const root = fileURLToPath(new URL('../..', import.meta.url));
const PROJECT = 'prj_tls';
const DAY_MS = 86_400_000;
// Half a day past the whole days, so a slow run cannot cross into the next day.
const expiresIn = (days: number) => new Date(Date.now() + days * DAY_MS + DAY_MS / 2).toISOString();

const domain = (name: string, tlsCertExpiry: string | null) => ({
  id: `dom_${name.split('.')[0]}`,
  project_id: PROJECT,
  domain: name,
  verified: tlsCertExpiry !== null,
  verified_at: tlsCertExpiry ? new Date().toISOString() : null,
  tls_cert_expiry: tlsCertExpiry,
  dns_verification_token: 'abcdefghijklmnop',
  dns_instructions: {
    cname_host: name,
    cname_target: 'prj-tls.edge.example.test',
    txt_host: `_domainctl-verify.${name}`,
    txt_value: 'domainctl-verify=abcdefghijklmnop',
    acme_cname_host: `_acme-challenge.${name}`,
    acme_cname_target: 'dom-x.acme.edge.example.test',
  },
  created_at: new Date().toISOString(),
});

let api: FakeApi;
let configDir: string;
let term: Terminal;
beforeAll(async () => {
  api = await startFakeApi({
    projects: [{ id: PROJECT, name: 'TLS', plan: 'scale', organization_id: 'org_x' }],
    domains: {
      // The first row is the selected one, drawn in the accent colour: a domain without TLS.
      [PROJECT]: [
        domain('first.example.test', null),
        domain('fourteen.example.test', expiresIn(14)),
        domain('fifteen.example.test', expiresIn(15)),
      ],
    },
  });
  configDir = mkdtempSync(join(tmpdir(), 'domainctl-tls-'));
  term = startTerminal({
    name: 'tls',
    columns: 120,
    rows: 24,
    env: { DOMAINCTL_CONFIG_DIR: configDir },
  });
});

afterAll(async () => {
  term?.kill();
  await api?.close();
  if (configDir) rmSync(configDir, { recursive: true, force: true });
  removeTempDirs();
});

const YELLOW = '\u001b[33m';
const flags = () => ['--base-url', api.url, '--token', 'dk_x', '--project', PROJECT];

/** The line of `text` that names the host, with its escapes. */
const lineOf = (text: string, host: string) =>
  text.split('\n').find((line) => line.includes(host)) ?? '';

/** True when the run of text holding `what` is drawn yellow: a 33 in the last SGR before it. */
function yellowAt(line: string, what: string): boolean {
  const before = line.slice(0, line.indexOf(what));
  // eslint-disable-next-line no-control-regex -- reading the terminal's escapes is the point
  const sgrs = [...before.matchAll(/\u001b\[([0-9;]*)m/g)].map((m) => m[1]?.split(';') ?? []);
  return sgrs.at(-1)?.includes('33') ?? false;
}

it('domains list: 14 days left is yellow, 15 is not', async () => {
  const result = await runCli(['domains', 'list', ...flags()], {
    env: { NO_COLOR: undefined, FORCE_COLOR: '1' },
  });
  expect(result.code).toBe(0);
  const fourteen = lineOf(result.stdout, 'fourteen.example.test');
  const fifteen = lineOf(result.stdout, 'fifteen.example.test');
  expect(fourteen).toContain(`${YELLOW}${expiresIn(14).slice(0, 10)} (14 days left)`);
  expect(yellowAt(fourteen, '(14 days left)')).toBe(true);
  expect(fifteen).toContain('(15 days left)');
  expect(yellowAt(fifteen, '(15 days left)')).toBe(false);
});

it('the UI: 14 days left is yellow, 15 is not, as in domains list', async () => {
  await term.waitForScreen('$');
  await term.send(
    { text: `cd ${root} && node bin/domainctl.js ${flags().join(' ')}; echo EXIT:$?` },
    'Enter',
  );
  await term.waitForScreen(/fifteen\.example\.test\s+verified.*15d/);
  const screen = term.tmux('capture-pane', '-p', '-e', '-t', 'tls');
  const fourteen = lineOf(screen, 'fourteen.example.test');
  const fifteen = lineOf(screen, 'fifteen.example.test');
  expect(yellowAt(fourteen, '14d')).toBe(true);
  expect(yellowAt(fifteen, '15d')).toBe(false);
  await term.send('q');
  await term.waitForScreen('EXIT:0');
}, 30_000);
