// @module-tag tmux
import { describe, it, type TestContext } from 'vitest';
import { deadPort } from '../helpers/dns-server.js';
import { TESTER_KEY } from '../helpers/server.js';
import { terminalForTest, terminalSessionForFile } from '../helpers/terminal-session.js';
import { shellNode } from '../helpers/tmux.js';

// `domains wait` on a real terminal: tmux, as the UI's end-to-end test. Its progress line is
// written to stderr only there, rewritten in place, and gone once the command ends.
// No verifier: the domain stays pending, so the wait runs until its timeout.
// Each test waits seconds for a deadline it is about: they run together, each in a terminal of
// its own on the file's server.
const session = terminalSessionForFile({ name: 'wait', columns: 120, rows: 20 });

/** The test's own terminal, at the prompt. */
async function terminal(
  name: string,
  onTestFinished: TestContext['onTestFinished'],
  columns = 120,
) {
  const term = terminalForTest(session, onTestFinished, {
    name: `wait-${name}`,
    columns,
    rows: 20,
  });
  await term.waitForScreen('$');
  return { server: session.server, term };
}

describe.concurrent('domains wait and add --wait on a terminal', () => {
  it('shows a progress line on a terminal and clears it when the wait ends', async ({
    expect,
    onTestFinished,
  }) => {
    const pending = 'api.acme-shop.com';
    const { server, term } = await terminal('progress', onTestFinished);
    const { send, waitForScreen } = term;
    await send(
      {
        // The DNS stage asks a loopback port where nothing listens: "unknown" at once.
        text: `${shellNode} bin/domainctl.js domains wait ${pending} --base-url ${server.url} --token ${TESTER_KEY} --project prj_demo_scale --dns-server ${await deadPort()} --interval 1 --timeout 4; echo EXIT:$?`,
      },
      'Enter',
    );
    const during = await waitForScreen(
      new RegExp(
        `^Waiting for ${pending.replaceAll('.', '\\.')} to be verified: DNS unknown, checked \\d+ times? · next check in \\d s · 0:0\\d of 0:04$`,
        'm',
      ),
    );
    // One line, rewritten in place: never a second one below it.
    expect(during.match(/Waiting for/g)).toHaveLength(1);

    const after = await waitForScreen('EXIT:10');
    expect(after).not.toContain('Waiting for');
    expect(after).toMatch(
      new RegExp(
        `^domainctl: ${pending.replaceAll('.', '\\.')} did not reach "ownership verified" within 4 s`,
        'm',
      ),
    );
  }, 30_000);

  it('on an 80-column terminal keeps the state and the time, dropping words first', async ({
    onTestFinished,
  }) => {
    const pending = 'api.acme-shop.com';
    const { server, term } = await terminal('narrow', onTestFinished, 80);
    const { send, waitForScreen } = term;
    await send(
      {
        text: `node bin/domainctl.js domains wait ${pending} --base-url ${server.url} --token ${TESTER_KEY} --project prj_demo_scale --dns-server ${await deadPort()} --interval 1 --timeout 4; echo EXIT:$?`,
      },
      'Enter',
    );
    // The whole line is 105 columns: without "Waiting for … to be verified" and the next check's
    // time, it fits, with what was seen and how long the wait has left.
    await waitForScreen(
      new RegExp(
        `^${pending.replaceAll('.', '\\.')}: DNS unknown, checked \\d+ times? · 0:0\\d of 0:04$`,
        'm',
      ),
    );
    await waitForScreen('EXIT:10');
  }, 30_000);

  it('Ctrl+C clears the progress line and ends the wait at once with 130', async ({
    expect,
    onTestFinished,
  }) => {
    const pending = 'api.acme-shop.com';
    const { server, term } = await terminal('interrupt', onTestFinished);
    const { send, waitForScreen } = term;
    await send(
      {
        text: `node bin/domainctl.js domains wait ${pending} --base-url ${server.url} --token ${TESTER_KEY} --project prj_demo_scale --dns-server ${await deadPort()} --interval 30 --timeout 600; echo INTERRUPTED:$?`,
      },
      'Enter',
    );
    await waitForScreen(/^Waiting for .* unknown, checked 1 time · next check in/m);
    await send('C-c');
    const after = await waitForScreen(/^INTERRUPTED:\d+$/m);
    expect(after).toMatch(/^INTERRUPTED:130$/m);
    expect(after).not.toContain('Waiting for');
    // Nothing but the shell's own echo of ^C between the command and its status.
    const lines = after.split('\n');
    const start = lines.findIndex((line) => line.includes('echo INTERRUPTED'));
    const end = lines.findIndex((line) => /^INTERRUPTED:/.test(line));
    expect(
      lines.slice(start + 1, end).filter((line) => line.trim() !== '' && line !== '^C'),
    ).toEqual([]);
  }, 30_000);

  it('domains add --from-file --wait says how many domains it waits for', async ({
    expect,
    onTestFinished,
  }) => {
    const { server, term } = await terminal('bulk', onTestFinished);
    const { send, waitForScreen } = term;
    await send(
      {
        text: `printf 'one.bulk.test\\ntwo.bulk.test\\n' | node bin/domainctl.js domains add --from-file - --wait --timeout 3 --base-url ${server.url} --token ${TESTER_KEY} --project prj_demo_scale --dns-server ${await deadPort()}; echo EXIT:$?`,
      },
      'Enter',
    );
    const after = await waitForScreen(/^EXIT:\d+$/m);
    expect(after).toMatch(/^Waiting for 2 domains to be verified \(up to 3 s\)$/m);
    expect(after).toMatch(
      /^domainctl: 2 added \(0 verified, 2 still pending after 3 s\), 0 already there, /m,
    );
    // As domains wait --until verified ends: 10, the DNS stage not reached (its server is down).
    expect(after).toMatch(/^EXIT:10$/m);
  }, 30_000);

  it('domains add --from-file - on a terminal says what it reads and how to end it', async ({
    expect,
    onTestFinished,
  }) => {
    const { server, term } = await terminal('typed', onTestFinished);
    const { send, waitForScreen } = term;
    await send(
      {
        text: `node bin/domainctl.js domains add --from-file - --base-url ${server.url} --token ${TESTER_KEY} --project prj_demo_scale; echo EXIT:$?`,
      },
      'Enter',
    );
    await waitForScreen(
      /^Reading host names \(one a line\) from the terminal; end with Ctrl\+D\.$/m,
    );
    await send({ text: 'typed.bulk.test' }, 'Enter', 'C-d');
    const after = await waitForScreen(/^EXIT:\d+$/m);
    expect(after).toMatch(/^typed\.bulk\.test +added$/m);
    expect(after).toMatch(/^EXIT:0$/m);
  }, 30_000);
});
