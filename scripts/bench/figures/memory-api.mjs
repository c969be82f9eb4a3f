// Peak RSS of `api request` fetching a page of domains, against `node -e 0`.
import { bin, KEY } from '../context.mjs';
import { goal, mib } from '../goals.mjs';
import { peakRss } from '../memory.mjs';

export default {
  group: 'memory api request',
  rows: [
    {
      id: 'rss-api',
      label: 'peak RSS of `api request` (a page of domains) vs `node -e 0`',
      goal: goal.reported,
    },
  ],
  async measure({ node, base, put }) {
    const floor = peakRss(node, ['-e', '0']);
    const api = peakRss(node, [
      ...[bin, 'api', 'request', 'GET', '/v1/projects/prj_demo_scale/domains'],
      ...['--base-url', base, '--token', KEY],
    ]);
    put('rss-api', mib(api, floor));
  },
};
