// The headline server figure: the page of 20 from `serve` on SQLite in memory, against its
// static floor.
import { goal } from '../goals.mjs';
import { serverFigure } from '../floor.mjs';

export default {
  group: 'server page',
  rows: [
    {
      id: 'server',
      label: 'server `GET …/domains` (page of 20), SQLite in memory, vs static server',
      goal: goal.atLeast(0.5),
    },
  ],
  async measure({ line, server, put }) {
    put('server', await serverFigure(line, [server]));
  },
};
