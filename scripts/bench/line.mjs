// One Node line: the reference server every figure of the line shares, then each figure wanted,
// its results (a measurement, `{ skipped }` or `{ failed }`) put in `out` by row id as they
// come. A figure that fails is reported in the table instead of ending the run.
import { Agent } from 'node:http';
import { AUTH, DEEP_COUNT, DEEP_PROJECT, note } from './context.mjs';
import { FIGURES } from './figures/index.mjs';
import { post, startServe, stopChild } from './processes.mjs';

export async function measureLine(line, wanted, out) {
  note(`[${line.label}] starting the reference server (in memory, demo seed) ...`);
  const server = await startServe(line.node, ':memory:');
  const base = server.url;
  let agent = new Agent({ keepAlive: true, maxSockets: 16 });
  const freshAgent = () => {
    // Sockets left idle by what ran before may have been closed by the server (5 s keep-alive).
    agent.destroy();
    agent = new Agent({ keepAlive: true, maxSockets: 16 });
    return agent;
  };
  let deepAdded = false;
  const addDeepDomains = async () => {
    if (deepAdded) return;
    note(`[${line.label}] adding ${DEEP_COUNT} domains to ${DEEP_PROJECT} through the API ...`);
    freshAgent();
    for (let i = 0; i < DEEP_COUNT; i += 16) {
      const batch = [];
      for (let j = i; j < Math.min(i + 16, DEEP_COUNT); j++) {
        const url = `${base}/v1/projects/${DEEP_PROJECT}/domains`;
        batch.push(post(agent, url, { domain: `d${j}.bench.example` }, AUTH));
      }
      const statuses = await Promise.all(batch);
      if (statuses.some((s) => s !== 201)) throw new Error(`adding domains answered ${statuses}`);
    }
    deepAdded = true;
  };

  try {
    for (const figure of FIGURES) {
      const rows = figure.rows.map((row) => ({ ...row, group: figure.group }));
      if (!rows.some(wanted)) continue;
      const put = (id, measurement) => {
        const row = rows.find((r) => r.id === id);
        if (row && wanted(row)) out[id] = measurement;
      };
      note(`[${line.label}] ${figure.group} ...`);
      try {
        await figure.measure({
          line,
          node: line.node,
          server,
          base,
          freshAgent,
          addDeepDomains,
          put,
        });
      } catch (error) {
        const failed = String(error.message ?? error).split('\n')[0];
        note(`[${line.label}] ${figure.group}: FAILED: ${error.stack ?? error}`);
        for (const row of rows) if (!out[row.id]) put(row.id, { failed });
      }
    }
  } finally {
    agent.destroy();
    await stopChild(server);
  }
}
