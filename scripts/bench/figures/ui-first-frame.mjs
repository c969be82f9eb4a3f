// The UI's first meaningful frame, the domain table with its first row, in a pty, against the
// first frame of a minimal Ink app (ink-floor.mjs) in the same pty: the start-up budget's UI
// figure. Reported beside it: the same Ink app drawing a static screen of the UI's size (what the
// text alone costs), and `node -e 0` in the same pty.
import { bin, KEY, shellQuote } from '../context.mjs';
import { goal, ms } from '../goals.mjs';
import { INK_FLOOR_TEXT, INK_SCREEN_TEXT, inkFloor, inkScreenFloor } from '../ink-floor.mjs';
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
      id: 'ui-screen',
      label:
        'the same vs the same Ink app drawing a static screen of the same size (40 lines of 100 columns, a Text each)',
      goal: goal.reported,
    },
    {
      id: 'screen-floor',
      label:
        "that static screen vs the minimal Ink app's first frame: what a full screen of text costs in Ink",
      goal: goal.reported,
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
    const screenApp = `env -u CI ${shellQuote(node)} ${shellQuote(await inkScreenFloor())}`;
    // The timed runs are killed at their first frame; one run that quits with q first, as a
    // user's earlier session did, leaves the compile cache those starts would find. The floor
    // app exits by itself after its frame, and leaves its cache in the warm-up rounds.
    await uiPeakRss(node, flags, /www\.acme-shop\.com/);
    const [ours, floor, screen, bare] = await timeToOutputInterleaved([
      [ui, 'www.acme-shop.com'],
      [floorApp, INK_FLOOR_TEXT],
      [screenApp, INK_SCREEN_TEXT],
      [`${shellQuote(node)} -e 0`, ''],
    ]);
    put('ui', ms(ours, floor));
    put('ui-screen', ms(ours, screen));
    put('screen-floor', ms(screen, floor));
    put('ui-node', ms(ours, bare));
  },
};
