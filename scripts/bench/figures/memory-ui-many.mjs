// The "memory UI 600" group (scripts/bench/ui-many.mjs): the peak RSS of the UI with 600 domains
// loaded in the background, filtered and sorted, against `node -e 0`.
import { bin, run } from '../context.mjs';
import { goal } from '../goals.mjs';
import { measureUiMany, uiManyRows } from '../ui-many.mjs';

export default {
  group: 'memory UI 600',
  rows: uiManyRows(goal).map(({ id, label, goal: rowGoal }) => ({ id, label, goal: rowGoal })),
  async measure({ node, base, put }) {
    await measureUiMany({ node, bin, base, env: run.env, put });
  },
};
