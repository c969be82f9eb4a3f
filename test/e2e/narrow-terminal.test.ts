// @module-tag tmux
import { expect, it } from 'vitest';
import { TESTER_KEY } from '../helpers/server.js';
import { repoRoot as root, terminalSessionForFile } from '../helpers/terminal-session.js';
import { shellNode } from '../helpers/tmux.js';

// The real bin in a tmux of 60 columns, then 80: a sentence the width wraps goes on at the left
// edge (Ink's own wrapping left the space it broke at in front of the next line), and the help
// fits the terminal rather than running past its edge, where the terminal cut it off.
const session = terminalSessionForFile({ name: 'narrow', columns: 60, rows: 24 });

it('wraps sentences at 60 columns with a straight left edge, and the help within 80', async () => {
  const { server, term } = session;
  const { send, waitForScreen, tmux } = term;
  await waitForScreen('$');
  await send(
    {
      text: `cd ${root} && ${shellNode} bin/domainctl.js --base-url ${server.url} --token ${TESTER_KEY} --project prj_demo_scale; echo EXIT:$?`,
    },
    'Enter',
  );
  await waitForScreen(/› www\.acme-shop\.com/);
  await send('Enter');
  // "…z the zone snippet;" is 60 columns: the rest of the sentence starts the next line.
  const domain = await waitForScreen(/^d checks DNS/m);
  expect(domain).toMatch(/^c copies the selected value, h its host, z the zone snippet;$/m);
  expect(domain).not.toMatch(/^ \S/m);

  tmux('resize-window', '-t', 'narrow', '-x', '80', '-y', '24');
  // The UI draws again at 80 columns (its rule as wide) before the help is asked for: a key sent
  // at once could be drawn at 60, before the app has heard of the resize.
  await waitForScreen(/^─{80}$/m);
  await send('?');
  const help = await waitForScreen('Keys: Domain');
  // Two columns of keys at 80: a text the column wraps goes on under its own start, and no line
  // runs past the terminal's edge.
  expect(help).toMatch(
    /^d {2}look the records up in DNS and mark {2,}.*\n {3}each: ok, missing, wrong \(with what {2,}.*\n {3}was found\), error; and ask HTTPS/m,
  );
  expect(help.split('\n').every((line) => line.length <= 80)).toBe(true);
  await send('q');
  await waitForScreen('EXIT:0');
}, 60_000);
