// The UI's first meaningful frame, the domain table with its first row, in a pty, against
// `node -e 0` in the same pty.
import { bin, KEY, shellQuote } from '../context.mjs';
import { goal, ms } from '../goals.mjs';
import { uiPeakRss } from '../memory.mjs';
import { timeToOutputInterleaved } from '../timing.mjs';

export default {
  group: 'start-up UI first frame',
  rows: [
    {
      id: 'ui',
      label: 'UI: first frame with domain rows vs `node -e 0`, both in a pty',
      goal: goal.atMost(4),
    },
  ],
  async measure({ node, base, put }) {
    const flags = `--base-url ${base} --token ${KEY} --project prj_demo_scale`;
    const ui = `env -u CI ${shellQuote(node)} ${shellQuote(bin)} ${flags}`;
    // The timed runs are killed at their first frame; one run that quits with q first, as a
    // user's earlier session did, leaves the compile cache those starts would find.
    await uiPeakRss(node, flags, /www\.acme-shop\.com/);
    const [ours, floor] = await timeToOutputInterleaved([
      [ui, 'www.acme-shop.com'],
      [`${shellQuote(node)} -e 0`, ''],
    ]);
    put('ui', ms(ours, floor));
  },
};
