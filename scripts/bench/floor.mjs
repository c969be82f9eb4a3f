// The floor of the server figures: a plain node:http server, on the same node binary, answering
// every request with the status, content type and body that the server under test sent; and a
// server figure measured against it, the floor in two halves around ours.
import { writeFileSync } from 'node:fs';
import { Agent } from 'node:http';
import { AUTH, PAGE_PATH, run, workFile } from './context.mjs';
import { measurePart, summarise, target, warmUp } from './load.mjs';
import { get, startChild, stopChild } from './processes.mjs';

const STATIC_SERVER = `import { createServer } from 'node:http';
import { readFileSync } from 'node:fs';
const [file, status, type] = process.argv.slice(2);
const body = readFileSync(file);
const server = createServer((req, res) => {
  res.writeHead(Number(status), { 'content-type': type, 'content-length': body.length });
  res.end(body);
});
server.listen(0, '127.0.0.1', () => console.log('listening on http://127.0.0.1:' + server.address().port));
`;

/** The static server's script, written to the working folder once. */
let script;

/**
 * A static server that answers as `sample` (a response of the server under test) did, started
 * with `node`, and checked: it must send the same status, content type and body.
 */
async function startStaticServer(node, sample) {
  if (!script) {
    script = `${workFile('static')}.mjs`;
    writeFileSync(script, STATIC_SERVER);
  }
  const file = workFile('body');
  writeFileSync(file, sample.body);
  const type = sample.headers['content-type'];
  const server = await startChild(node, [script, file, String(sample.status), type]);
  const agent = new Agent();
  try {
    const echo = await get(agent, `${server.url}/`);
    if (
      echo.status !== sample.status ||
      echo.headers['content-type'] !== type ||
      !echo.body.equals(sample.body)
    ) {
      throw new Error('the static server does not answer as the server under test does');
    }
  } catch (error) {
    await stopChild(server);
    throw error;
  } finally {
    agent.destroy();
  }
  return server;
}

/**
 * One server figure: the page of 20 from `instances` (one or more servers on one store), and
 * around it the static floor sending that page, both through the same generator.
 */
export async function serverFigure(line, instances) {
  const agent = new Agent();
  let sample;
  try {
    sample = await get(agent, `${instances[0].url}${PAGE_PATH}`, AUTH);
  } finally {
    agent.destroy();
  }
  if (sample.status !== 200) throw new Error(`the page answered ${sample.status}`);
  const floorServer = await startStaticServer(line.node, sample);
  const floorTarget = target(`${floorServer.url}/`, {}, [floorServer.child.pid]);
  const oursTarget = target(
    instances.map((s) => `${s.url}${PAGE_PATH}`),
    AUTH,
    instances.map((s) => s.child.pid),
  );
  try {
    // The floor in two halves, before and after ours: a load on the machine that rises or falls
    // during the figure weighs on both alike.
    await warmUp(floorTarget);
    await measurePart(floorTarget, run.seconds / 2);
    await warmUp(oursTarget);
    await measurePart(oursTarget, run.seconds);
    await measurePart(floorTarget, run.seconds / 2);
  } finally {
    await stopChild(floorServer);
  }
  const floor = summarise(floorTarget);
  const ours = summarise(oursTarget);
  return { unit: 'rps', ours: ours.rps, floor: floor.rps, load: { ours, floor } };
}
