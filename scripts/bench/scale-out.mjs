// The "scale-out" figures of `npm run bench`, measured in one group of one run: the page of 20
// from SQLite in memory (one instance), from PostgreSQL (one instance) and from two instances on
// one PostgreSQL database with the connections split over them, against each other rather than
// against a static floor; the statements PostgreSQL receives for a warm page and for an add; and
// a rolling restart behind HAProxy. bench.mjs hands in its own tools (children, the load
// generator, the cluster), so every figure is taken the way its other server figures are.
import postgres from 'postgres';
import { findHaproxy, rollingRestart } from './rolling-restart.mjs';

const PAGE_PATH = '/v1/projects/prj_demo_scale/domains?page_size=20';

/** The rows of the table this group fills, in bench.mjs's shape. */
export function scaleOutRows(goal) {
  const group = 'scale-out';
  return [
    {
      id: 'pg-vs-sqlite',
      group,
      label: 'page of 20: PostgreSQL, 1 instance, vs SQLite in memory, 1 instance',
      goal: goal.atLeast(0.3),
    },
    {
      id: 'pg2-vs-pg1',
      group,
      label: 'the same: 2 instances on one PostgreSQL, connections split, vs 1 instance',
      goal: goal.atLeast(1.3),
    },
    {
      id: 'pg-statements',
      group,
      label: 'statements PostgreSQL receives for a warm page, and for an add of a domain',
      goal: { text: '1 each', met: (_ratio, m) => m.ours === 1 && m.floor === 1 },
    },
    {
      id: 'rolling-restart',
      group,
      label: 'rolling restart of 2 instances behind HAProxy under load: requests failed, adds lost',
      goal: { text: '0 and 0', met: (_ratio, m) => m.ours === 0 && m.floor === 0 },
    },
  ];
}

/**
 * Lines for below the table: how busy the servers and the machine were while the stores were
 * measured. With the cores all busy, a second instance has no core to run on: what limits the
 * figure is then the machine, not the instance.
 */
export function scaleOutNotes(label, results) {
  const one = results?.['pg-vs-sqlite']?.load;
  const two = results?.['pg2-vs-pg1']?.load?.ours;
  if (!one || !two) return [];
  const pct = (x) => (x === undefined ? 'unknown' : `${Math.round(x * 100)}%`);
  // serve's CPU a page moves much less with other work on the machine than requests/s do.
  const perPage = (l) =>
    l.serverCpu === undefined ? '' : ` (${Math.round((l.serverCpu * 1e6) / l.rps)} µs a page)`;
  const side = (name, l) =>
    `${name}: serve ${pct(l.serverCpu)}${perPage(l)}, autocannon ${pct(l.generatorCpu)}, all cores ${pct(l.machineCpu)}`;
  return [
    `${label}, scale-out, share of one core: ${side('SQLite', one.floor)}; ${side('PostgreSQL 1 instance', one.ours)}; ${side('2 instances (serve summed)', two)}`,
  ];
}

/**
 * Measures the group on `node`. `tools` are bench.mjs's: startChild, stopChild, target, warmUp,
 * measurePart, summarise and the run's PostgreSQL cluster (undefined without one).
 */
export async function measureScaleOut({ node, bin, env, seconds, tools, cluster, note, put }) {
  const { startChild, stopChild, target, warmUp, measurePart, summarise } = tools;
  if (!cluster) {
    for (const id of ['pg-vs-sqlite', 'pg2-vs-pg1', 'pg-statements', 'rolling-restart'])
      put(id, { skipped: 'skipped (no PostgreSQL)' });
    return;
  }
  // No verifier (the demo seed would start one): its passes would be load of their own.
  const serve = (db) =>
    startChild(
      node,
      [bin, 'serve', '--port', '0', '--db', db, '--seed', 'demo'].concat([
        '--verify-interval',
        '0',
      ]),
    );
  const auth = { authorization: 'Bearer dk_demo_tester' };
  const pageOf = (instances) =>
    target(
      instances.map((s) => `${s.url}${PAGE_PATH}`),
      auth,
      instances.map((s) => s.child.pid),
    );

  // Throughput: the three interleaved, half their time in each of two rounds, so that a load on
  // the machine that comes or goes weighs on all three.
  const db = await cluster.createDatabase();
  const sqlite = await serve(':memory:');
  const pg = [await serve(db), await serve(db)];
  try {
    const targets = { sqlite: pageOf([sqlite]), pg1: pageOf(pg.slice(0, 1)), pg2: pageOf(pg) };
    for (const t of Object.values(targets)) await warmUp(t);
    for (let round = 0; round < 2; round++) {
      for (const [name, t] of Object.entries(targets)) {
        note(`scale-out: ${name}, round ${round + 1} of 2`);
        await measurePart(t, seconds / 2);
      }
    }
    const [s, one, two] = [targets.sqlite, targets.pg1, targets.pg2].map(summarise);
    put('pg-vs-sqlite', {
      unit: 'rps',
      ours: one.rps,
      floor: s.rps,
      load: { ours: one, floor: s },
    });
    put('pg2-vs-pg1', {
      unit: 'rps',
      ours: two.rps,
      floor: one.rps,
      load: { ours: two, floor: one },
    });
  } finally {
    await Promise.all([sqlite, ...pg].map(stopChild));
  }

  put('pg-statements', await statementsFigure({ cluster, serve, stopChild }));

  try {
    findHaproxy();
  } catch {
    put('rolling-restart', { skipped: 'skipped (no HAProxy)' });
    return;
  }
  note('scale-out: rolling restart behind HAProxy ...');
  const rolled = await rollingRestart({ node, bin, env, db: await cluster.createDatabase(), note });
  put('rolling-restart', {
    unit: 'count',
    ours: rolled.failed,
    floor: rolled.missing.length + rolled.unread,
    cells: {
      ours: `${rolled.failed} failed of ${rolled.requests.toLocaleString('en-US')} requests`,
      floor: `${rolled.missing.length} lost of ${rolled.acknowledged.toLocaleString('en-US')} adds`,
    },
  });
}

/**
 * The statements one instance sends for a page and for an add, once warm (two of each first),
 * read from PostgreSQL's own log: a database of this cluster logs its statements (the others,
 * measured for throughput, do not), each line prefixed with the database's name.
 */
async function statementsFigure({ cluster, serve, stopChild }) {
  const admin = postgres(cluster.url('postgres'), { max: 1, onnotice: () => {} });
  const url = await cluster.createDatabase();
  const name = new URL(url).pathname.slice(1);
  try {
    await admin.unsafe(`ALTER SYSTEM SET log_line_prefix = '%d/'`);
    await admin.unsafe('SELECT pg_reload_conf()');
    await admin.unsafe(`ALTER DATABASE "${name}" SET log_statement = 'all'`);
  } finally {
    await admin.end();
  }
  const server = await serve(url);
  try {
    const send = (method, body) =>
      fetch(
        `${server.url}${method === 'GET' ? PAGE_PATH : '/v1/projects/prj_demo_scale/domains'}`,
        {
          method,
          headers: { authorization: 'Bearer dk_demo_tester', 'content-type': 'application/json' },
          body: body && JSON.stringify(body),
        },
      ).then((res) => res.arrayBuffer());
    const log = cluster.statementLog(name);
    let n = 0;
    const count = async (method) => {
      const request = () =>
        send(method, method === 'POST' ? { domain: `s${n++}.stmt.example` } : undefined);
      await request();
      await request();
      log.take();
      await request();
      return log.take().length;
    };
    const page = await count('GET');
    const add = await count('POST');
    return {
      unit: 'count',
      ours: page,
      floor: add,
      cells: { ours: `${page} for a page`, floor: `${add} for an add` },
    };
  } finally {
    await stopChild(server);
  }
}
