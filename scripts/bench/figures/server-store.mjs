// The same page through the same generator with the store as the variable: SQLite in a file,
// one instance on PostgreSQL, two on one PostgreSQL database with the connections spread over
// both. Each against its own static floor, measured around it.
import { join } from 'node:path';
import { run } from '../context.mjs';
import { serverFigure } from '../floor.mjs';
import { goal } from '../goals.mjs';
import { postgresCluster } from '../postgres.mjs';
import { startServe, stopChild } from '../processes.mjs';

export default {
  group: 'server store',
  rows: [
    { id: 'store-file', label: 'the same on SQLite in a file', goal: goal.reported },
    { id: 'store-pg', label: 'the same, 1 instance on PostgreSQL', goal: goal.reported },
    {
      id: 'store-pg2',
      label: 'the same, 2 instances on one PostgreSQL, the connections spread over both',
      goal: goal.reported,
    },
  ],
  async measure({ line, node, put }) {
    const file = await startServe(node, join(run.work, `store-${line.name}.db`));
    try {
      put('store-file', await serverFigure(line, [file]));
    } finally {
      await stopChild(file);
    }
    const cluster = await postgresCluster();
    if (!cluster) {
      for (const id of ['store-pg', 'store-pg2']) put(id, { skipped: 'skipped (no PostgreSQL)' });
      return;
    }
    const db = await cluster.createDatabase();
    const instances = [];
    try {
      for (let i = 0; i < 2; i++) instances.push(await startServe(node, db));
      put('store-pg', await serverFigure(line, instances.slice(0, 1)));
      put('store-pg2', await serverFigure(line, instances));
    } finally {
      await Promise.all(instances.map(stopChild));
    }
  },
};
