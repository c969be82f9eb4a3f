import stringWidth from 'string-width';
import { describe, expect } from 'vitest';
import { createApiClient } from '../../src/client/api-client.js';
import { type Column, fitColumns } from '../../src/ui/components/Table.js';
import { it, seededServerForFile } from '../helpers/fixtures.js';
import { startTestServer, TESTER_KEY } from '../helpers/server.js';
import type { UiHandle } from '../helpers/ui.js';

const server = seededServerForFile();

const lines = (frame: string) => frame.split('\n');
const headerLine = (frame: string, header: string) =>
  lines(frame).find((line) => line.trimStart().startsWith(header)) ?? '';
/** The host names of the domains table, top to bottom. */
const hostsIn = (frame: string) =>
  lines(frame)
    .map((line) => /^[› ] (\S+\.\S+)\s/.exec(line)?.[1])
    .filter((host): host is string => host !== undefined);

describe('column widths come from the content', () => {
  it('domains at 140 columns: HOST NAME is as wide as the widest host, not the terminal', async ({
    renderUi,
  }) => {
    const ui = await renderUi({
      flags: { baseUrl: server.url, token: TESTER_KEY, project: 'prj_demo_scale' },
    });
    await ui.waitForFrame('HOST NAME');
    await ui.resize(140, 24);
    const frame = await ui.waitForFrame((f) => lines(f)[1]?.length === 140);
    const widest = Math.max(...hostsIn(frame).map((h) => h.length));
    const header = headerLine(frame, 'HOST NAME');
    // The marker, the widest host, two spaces: then STATUS.
    expect(header.indexOf('STATUS')).toBe(2 + widest + 2);
    // STATUS has room for the watch's "✓ verified" (10), whether a row shows it or not.
    expect(header).toMatch(/^ {2}HOST NAME +STATUS {6}VERIFIED AT {2}TLS EXPIRY {6}CREATED ↓$/);
    // Nothing is padded to the edge: the longest row ends with its last value.
    const longest = Math.max(
      ...lines(frame)
        .slice(3, 10)
        .map((l) => l.length),
    );
    expect(longest).toBeLessThan(90);
  });

  it('domains at 80 columns: a host of up to 40 characters stays whole; CREATED and VERIFIED AT go first', async ({
    renderUi,
  }) => {
    // Its own server: a long host on the demo project's first page.
    const own = await startTestServer();
    const long = 'customer-portal.eu-west.example-company.com';
    const host = long.slice(long.length - 36);
    await createApiClient({ baseUrl: own.url, token: TESTER_KEY }).addDomain(
      'prj_demo_scale',
      host,
    );
    let ui: UiHandle | undefined;
    try {
      ui = await renderUi({
        flags: { baseUrl: own.url, token: TESTER_KEY, project: 'prj_demo_scale' },
      });
      await ui.waitForFrame(host);
      await ui.resize(80, 24);
      const frame = await ui.waitForFrame((f) => lines(f)[1]?.length === 80);
      expect(hostsIn(frame)).toContain(host);
      const header = headerLine(frame, 'HOST NAME');
      expect(header).toContain('TLS EXPIRY');
      expect(header).not.toContain('CREATED');
    } finally {
      await ui?.cleanup();
      await own.close();
    }
  });

  it('projects at 140 columns: NAME is as wide as the longest name', async ({ renderUi }) => {
    const ui = await renderUi({ flags: { baseUrl: server.url, token: TESTER_KEY } });
    await ui.waitForFrame('prj_demo_free');
    await ui.resize(140, 24);
    const frame = await ui.waitForFrame((f) => lines(f)[1]?.length === 140);
    expect(headerLine(frame, 'NAME')).toMatch(
      /^ {2}NAME {13}ID {19}PLAN {8}DOMAINS {6}ORGANISATION$/,
    );
    expect(frame).toMatch(/› Demo Scale {7}prj_demo_scale {7}scale {7}yes {10}org_demo/);
  });

  it('a name wider than the room is cut with …, and wide characters count as two', async ({
    renderUi,
  }) => {
    const own = await startTestServer();
    let ui: UiHandle | undefined;
    try {
      const client = createApiClient({ baseUrl: own.url, token: TESTER_KEY });
      const long = `${'a'.repeat(60)}.${'b'.repeat(30)}.example.com`;
      await client.addDomain('prj_demo_scale', long);
      await client.createProject({ name: '東京ストア本店グループ', organization_id: 'org_demo' });
      ui = await renderUi({ flags: { baseUrl: own.url, token: TESTER_KEY } });
      await ui.waitForFrame('prj_demo_free');
      await ui.resize(140, 24);
      // Every row's ID starts in the same terminal column, whatever the name's characters.
      const projects = await ui.waitForFrame('東京ストア本店グループ');
      const idColumns = lines(projects)
        .filter((l) => /prj_/.test(l))
        .map((l) => stringWidth(l.slice(0, l.indexOf('prj_'))));
      expect(new Set(idColumns).size).toBe(1);
      expect(idColumns[0]).toBe(2 + 22 + 2);

      // The new project is listed first: down to Demo Scale, and open it.
      const row = lines(projects)
        .filter((l) => /prj_/.test(l))
        .findIndex((l) => l.includes('prj_demo_scale'));
      for (let i = 0; i < row; i++) await ui.press('j');
      await ui.press('enter');
      const frame = await ui.waitForFrame('HOST NAME');
      // As wide as the room the other columns leave: the long name is cut there, with the
      // ellipsis, and every column is still there, in line.
      const header = headerLine(frame, 'HOST NAME');
      const cut = lines(frame).find((l) => l.startsWith('› aaaa')) ?? '';
      expect(cut).toMatch(/^› a{60}\.b+… {2}pending/);
      expect(cut.indexOf('pending')).toBe(header.indexOf('STATUS'));
      expect(header).toMatch(/CREATED ↓$/);
      for (const line of lines(frame)) expect(line.length).toBeLessThanOrEqual(140);
    } finally {
      // The app ends before its server does.
      await ui?.cleanup();
      await own.close();
    }
  });
});

describe('fitColumns', () => {
  type Row = { a: string; b: string; c: string };
  const column = (id: keyof Row, priority: number, max = 20, flexible = false): Column<Row> => ({
    id,
    header: id.toUpperCase(),
    max,
    flexible,
    priority,
    cell: (row) => ({ text: row[id] }),
  });
  const columns = [column('a', 0, 40, true), column('b', 1), column('c', 2)];
  const rows: Row[] = [
    { a: 'x'.repeat(12), b: 'yyyy', c: 'zz' },
    { a: 'x', b: 'y'.repeat(30), c: '' },
  ];
  const widths = (width: number, minFlex = 5) =>
    fitColumns(columns, rows, width, minFlex).map((c) => `${c.id}${c.width}`);

  it('gives each column its widest value, capped, and leaves the rest of the width empty', () => {
    expect(widths(200)).toEqual(['a12', 'b20', 'c2']);
  });

  it('cuts the flexible column first, then drops the columns of lowest priority', () => {
    // 2 marker + 12 + 2 + 20 + 2 + 2 = 40: narrower than that, a is cut down to 5, then c goes.
    expect(widths(40)).toEqual(['a12', 'b20', 'c2']);
    expect(widths(35)).toEqual(['a7', 'b20', 'c2']);
    expect(widths(32)).toEqual(['a8', 'b20']);
    expect(widths(20)).toEqual(['a12']);
  });
});
