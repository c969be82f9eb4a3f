// Peak RSS of the UI showing a page of 100 rows (a terminal tall enough: the UI sizes pages to
// the terminal), against `node -e 0`.
import { DEEP_PROJECT, KEY } from '../context.mjs';
import { goal, mib } from '../goals.mjs';
import { peakRss, uiPeakRss } from '../memory.mjs';

export default {
  group: 'memory UI',
  rows: [
    {
      id: 'rss-ui',
      label: 'peak RSS of the UI showing 100 rows vs `node -e 0`',
      goal: goal.reported,
    },
  ],
  async measure({ node, base, addDeepDomains, put }) {
    await addDeepDomains();
    const floor = peakRss(node, ['-e', '0']);
    const ui = await uiPeakRss(
      node,
      `--base-url ${base} --token ${KEY} --project ${DEEP_PROJECT}`,
      /d\d+\.bench\.example/,
    );
    put('rss-ui', mib(ui, floor));
  },
};
