import { beforeAll, describe, expect } from 'vitest';
import { it, seededServerForFile } from '../helpers/fixtures.js';
import { allDomains } from '../helpers/many-domains.js';
import { TESTER_KEY } from '../helpers/server.js';
import type { UiHandle, RenderAppOptions } from '../helpers/ui.js';
import { hostsIn } from '../helpers/domain-table.js';

// The domains table's keys beyond a row up or down: S, the sort the other way.
const PROJECT = 'prj_demo_scale';
const server = seededServerForFile();
/** Every host of the project, in the API's order (newest first). */
let hosts: string[];
beforeAll(async () => {
  hosts = (await allDomains(server, PROJECT)).map((d) => d.domain);
});

async function open(renderUi: (options?: RenderAppOptions) => Promise<UiHandle>) {
  const ui = await renderUi({
    flags: { baseUrl: server.url, token: TESTER_KEY, project: PROJECT, watchInterval: 0 },
  });
  // Every domain loaded, so the sorts hold them all.
  await ui.waitForFrame(`${hosts.length} domains ·`);
  return ui;
}

const selected = (frame: string) => /^› (\S+)/m.exec(frame)?.[1];

describe('S', () => {
  it('turns the sort the other way; s goes on to the next sort the way it reads', async ({
    renderUi,
  }) => {
    const app = await open(renderUi);
    // On the pages: every domain, oldest first.
    await app.press('S');
    const oldest = await app.waitForFrame('sorted by created, oldest first');
    expect(oldest).toContain('CREATED ↑');
    expect(hostsIn(oldest)).toEqual([...hosts].reverse().slice(0, hostsIn(oldest).length));
    expect(selected(oldest)).toBe(hosts.at(-1));

    await app.press('s');
    const aToZ = await app.waitForFrame('sorted by host name, A to Z');
    expect(aToZ).toContain('HOST NAME ↑');
    const byHost = [...hosts].sort();
    expect(hostsIn(aToZ)).toEqual(byHost.slice(0, hostsIn(aToZ).length));

    await app.press('S');
    const zToA = await app.waitForFrame('sorted by host name, Z to A');
    expect(zToA).toContain('HOST NAME ↓');
    expect(hostsIn(zToA)).toEqual([...byHost].reverse().slice(0, hostsIn(zToA).length));
    expect(selected(zToA)).toBe(byHost.at(-1));

    // The help lists the new key, whatever the footer has room for.
    await app.press('?');
    const help = await app.waitForFrame('Keys: Domains');
    expect(help).toMatch(/(^| )S +turn the sort the other way/m);
  });
});
