// @module-tag tmux
import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, it } from 'vitest';
import { createApiClient } from '../../src/client/api-client.js';
import { removeTempDirs, runCli, tempConfigDir } from '../helpers/cli.js';
import { addManyDomains } from '../helpers/many-domains.js';
import { TESTER_KEY } from '../helpers/server.js';
import { repoRoot as root, terminalSessionForFile } from '../helpers/terminal-session.js';
import { shellNode, startTerminal, type Terminal } from '../helpers/tmux.js';

// Walks through the raw-request screen as a person takes them: send a request and quit, load it
// from the next run's history and save it, search a 100-domain answer and fold it, copy it as
// curl and run that curl, run the saved file headless with --saved; and, in a terminal beside
// it, paste a curl with a JSON body, then look at an answer under NO_COLOR. The real bin in tmux
// (CI unset, tmux's defaults), its history and saved files in a config folder of each walk's own
// (the first counts its history), the copies through tmux's paste buffer, a paste as tmux pastes
// (bracketed).
const PROJECT = 'prj_demo_scale';
const LIST = '/v1/projects/{project_id}/domains?page_size=100';
const session = terminalSessionForFile({ name: 'raw-walk', columns: 120, rows: 40 });

const ids = (json: string) =>
  (JSON.parse(json) as { domains: { id: string }[] }).domains.map((d) => d.id);

afterAll(() => removeTempDirs());

const flags = () => `--base-url ${session.server.url} --token ${TESTER_KEY} --project ${PROJECT}`;

/** Starts the bin in `term` and goes to its raw-request screen. */
async function start(term: Terminal, env = '', more = '') {
  await term.send(
    {
      text: `cd ${root} && ${env}${shellNode} bin/domainctl.js ${flags()}${more}; echo EXIT:$?`,
    },
    'Enter',
  );
  await term.waitForScreen('HOST NAME');
  await term.send('x');
  await term.waitForScreen('Raw request');
}

describe.concurrent('the raw-request screen, walked in a real terminal', () => {
  it('sends, finds it in the history of the next run, saves it, runs it headless and as curl, searches and folds', async ({
    expect,
  }) => {
    const { server, term, configDir } = session;
    const { send, waitForScreen, tmux } = term;
    await addManyDomains(server, PROJECT, 55);
    const client = createApiClient({ baseUrl: server.url, token: TESTER_KEY });
    const expected = (await client.listDomains(PROJECT, { pageSize: 100 })).domains.map(
      (d) => d.id,
    );
    expect(expected).toHaveLength(100);
    await waitForScreen('$');

    // Send the list, and quit from the answer.
    await start(term);
    await send({ text: LIST }, 'Enter');
    await waitForScreen(
      /200 OK · \d+ ms · .* · GET \/v1\/projects\/prj_demo_scale\/domains\?page_size=100/,
    );
    await send('Down', 'Down', 'q');
    await waitForScreen('EXIT:0');
    await send({ text: 'clear' }, 'Enter');

    // The next run has it in its history; Enter loads it; Ctrl+S saves it, in the folder
    // --requests-dir names.
    const team = join(configDir, 'team-requests');
    await start(term, '', ` --requests-dir ${team}`);
    await send('C-r');
    await waitForScreen('History, newest first · 1');
    await send('Enter');
    await waitForScreen('✓ Loaded from the history');
    await waitForScreen(/Path\s+› \/v1\/projects\/\{project_id\}\/domains\?page_size=100/);
    await send('C-s');
    await waitForScreen('Save as');
    await send({ text: 'hundred' }, 'Enter');
    const saved = await waitForScreen(`✓ Saved ${join(team, 'hundred.json')}`);
    // The notice wraps at the terminal's width, between words.
    expect(saved.replace(/\s+/g, ' ')).toContain(
      `domainctl api request --saved hundred --requests-dir ${team}`,
    );

    // Sent again: search the 100 domains, fold the list.
    await send('Enter');
    await waitForScreen('200 OK');
    await send('Down', 'Down');
    await send({ text: '/northwind-traders' }, 'Enter');
    await waitForScreen(/match 1\/\d+ for "northwind-traders"/);
    // Typed ahead, as one read: both count.
    await send({ text: 'nn' });
    await waitForScreen(/match 3\/\d+ for "northwind-traders"/);
    // Coloured by token type on a terminal: keys blue, strings green.
    const colours = tmux('capture-pane', '-p', '-e', '-t', 'raw-walk');
    expect(colours).toContain('\u001b[34m"domain"');
    expect(colours).toContain('\u001b[32m"prj_demo_scale"');
    await send('g', 'j', 'Space');
    await waitForScreen(/› {3}"domains": \[ … \],\s+\d+ lines folded/);

    // Copied as curl, through tmux's paste buffer; run by curl, it gets the same 100 domains.
    await send('C');
    await waitForScreen(/✓ Copied the request as curl .* into tmux's paste buffer/);
    const curl = tmux('show-buffer');
    expect(curl).not.toContain(TESTER_KEY);
    const ran = await promisify(execFile)('sh', ['-c', `${curl} --silent`], {
      env: { PATH: process.env.PATH, DOMAINCTL_TOKEN: TESTER_KEY },
    });
    expect(ids(ran.stdout)).toEqual(expected);
    await send('q');
    await waitForScreen('EXIT:0');

    // Headless, from the saved file, with the same exit code and answer as the request itself.
    const headless = await runCli(
      ['api', 'request', '--saved', 'hundred', '--requests-dir', team, ...flags().split(' ')],
      { env: { DOMAINCTL_CONFIG_DIR: configDir } },
    );
    expect(headless.stderr).toBe('');
    expect(headless.code).toBe(0);
    expect(ids(headless.stdout)).toEqual(expected);
  }, 120_000);

  it('reads a pasted curl, and answers without a colour under NO_COLOR', async ({
    expect,
    onTestFinished,
  }) => {
    const { server } = session;
    const term = startTerminal({
      name: 'raw-walk-paste',
      columns: 120,
      rows: 40,
      env: { DOMAINCTL_CONFIG_DIR: tempConfigDir() },
    });
    onTestFinished(() => term.kill());
    const { send, waitForScreen, tmux } = term;
    await waitForScreen('$');

    // A curl with a JSON body, pasted as a terminal pastes (bracketed): the form fills itself.
    await start(term);
    tmux(
      'set-buffer',
      [
        `curl '${server.url}/v1/projects/${PROJECT}/databases' \\`,
        "  -H 'Content-Type: application/json' \\",
        `  --data-raw '{"name":"walked"}'`,
      ].join('\n'),
    );
    tmux('paste-buffer', '-p', '-t', 'raw-walk-paste');
    const filled = await waitForScreen('✓ Read from the pasted curl command');
    expect(filled).toMatch(/• POST/);
    expect(filled).toMatch(/Path\s+› \/v1\/projects\/prj_demo_scale\/databases/);
    expect(filled).toMatch(/Body\s+\{"name":"walked"\}/);
    await send('Enter', 'Enter');
    await waitForScreen('201 Created');
    await send('C-c');
    await waitForScreen('EXIT:0');

    // NO_COLOR: the same answer, not a colour in it.
    await send({ text: 'clear' }, 'Enter');
    await start(term, 'NO_COLOR=1 ');
    await send({ text: '/v1/regions' }, 'Enter');
    await waitForScreen('"regions": [');
    const plain = tmux('capture-pane', '-p', '-e', '-t', 'raw-walk-paste');
    expect(plain).toContain('"id": "eu-west",');
    for (const colour of [31, 32, 33, 34, 35, 36, 90])
      expect(plain).not.toContain(`\u001b[${colour}m`);
    await send('C-c');
    await waitForScreen('EXIT:0');
  }, 120_000);
});
