// The scale-out group (scripts/bench/scale-out.mjs): PostgreSQL against SQLite, two instances
// against one, the statements of a page and of an add, and a rolling restart behind HAProxy.
// Its servers are measured with the bench's own tools, the way the other server figures are.
import { bin, note, run } from '../context.mjs';
import { goal } from '../goals.mjs';
import { measurePart, summarise, target, warmUp } from '../load.mjs';
import { postgresCluster } from '../postgres.mjs';
import { startChild, stopChild } from '../processes.mjs';
import { measureScaleOut, scaleOutNotes, scaleOutRows } from '../scale-out.mjs';

export default {
  group: 'scale-out',
  rows: scaleOutRows(goal).map(({ id, label, goal: rowGoal }) => ({ id, label, goal: rowGoal })),
  /** Its figures compare stores with each other, not with the static floor. */
  againstFloor: false,
  /** Lines for below the table: how busy the servers and the machine were meanwhile. */
  notes: scaleOutNotes,
  async measure({ line, node, put }) {
    await measureScaleOut({
      node,
      bin,
      env: run.env,
      seconds: run.seconds,
      cluster: await postgresCluster(),
      tools: { startChild, stopChild, target, warmUp, measurePart, summarise },
      note: (text) => note(`[${line.label}] ${text}`),
      put,
    });
  },
};
