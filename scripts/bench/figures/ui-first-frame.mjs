// The UI's first meaningful frame, the domain table with its first row, in a pty, against the
// first frame of a minimal Ink app (ink-floor.mjs) in the same pty: the start-up budget's UI
// figure. `node -e 0` in the same pty is reported beside it.
import { bin, KEY, shellQuote } from '../context.mjs';
import { goal, ms } from '../goals.mjs';
import { INK_FLOOR_TEXT, inkFloor } from '../ink-floor.mjs';
import { uiPeakRss } from '../memory.mjs';
import { timeToOutputInterleaved } from '../timing.mjs';

export default {
  group: 'start-up UI first frame',
  rows: [
    {
      id: 'ui',
      label:
        "UI: first frame with domain rows vs a minimal Ink app's first frame (`render(<Text>…</Text>)`, bundled the same way), both in a pty",
      goal: goal.budget(1.6),
    },
    {
      id: 'ui-node',
      label: 'the same vs `node -e 0` in the pty',
      goal: goal.reported,
    },
  ],
  async measure({ node, base, put }) {
    const flags = `--base-url ${base} --token ${KEY} --project prj_demo_scale`;
    const ui = `env -u CI ${shellQuote(node)} ${shellQuote(bin)} ${flags}`;
    const floorApp = `env -u CI ${shellQuote(node)} ${shellQuote(await inkFloor())}`;
    // The timed runs are killed at their first frame; one run that quits with q first, as a
    // user's earlier session did, leaves the compile cache those starts would find. The floor
    // app exits by itself after its frame, and leaves its cache in the warm-up rounds.
    await uiPeakRss(node, flags, /www\.acme-shop\.com/);
    const [ours, floor, bare] = await timeToOutputInterleaved([
      [ui, 'www.acme-shop.com'],
      [floorApp, INK_FLOOR_TEXT],
      [`${shellQuote(node)} -e 0`, ''],
    ]);
    put('ui', ms(ours, floor));
    put('ui-node', ms(ours, bare));
  },
};
