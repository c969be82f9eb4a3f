// `api request GET /v1/regions` against bare scripts that do the same request to the same server
// and print the same JSON: one with the global fetch (the start-up budget's floor), one with
// node:http.
import { writeFileSync } from 'node:fs';
import { bin, workFile } from '../context.mjs';
import { goal, ms } from '../goals.mjs';
import { timeInterleaved } from '../timing.mjs';

const FETCH_SCRIPT = `const res = await fetch(process.argv[2] + '/v1/regions');
console.log(JSON.stringify(await res.json(), null, 2));
`;

const HTTP_SCRIPT = `import { get } from 'node:http';
get(process.argv[2] + '/v1/regions', (res) => {
  let body = '';
  res.setEncoding('utf8');
  res.on('data', (c) => (body += c));
  res.on('end', () => console.log(JSON.stringify(JSON.parse(body), null, 2)));
});
`;

export default {
  group: 'start-up api request',
  rows: [
    {
      id: 'api-fetch',
      label: '`api request GET /v1/regions` vs a bare script doing it with `fetch`',
      goal: goal.budget(1.3),
    },
    {
      id: 'api-http',
      label: 'the same vs a bare script doing it with `node:http`',
      goal: goal.atMost(1.5, true),
    },
  ],
  async measure({ node, base, put }) {
    const fetchScript = `${workFile('fetch')}.mjs`;
    writeFileSync(fetchScript, FETCH_SCRIPT);
    const httpScript = `${workFile('http')}.mjs`;
    writeFileSync(httpScript, HTTP_SCRIPT);
    const [ours, viaFetch, viaHttp] = timeInterleaved([
      [node, [bin, 'api', 'request', 'GET', '/v1/regions', '--base-url', base]],
      [node, [fetchScript, base]],
      [node, [httpScript, base]],
    ]);
    put('api-fetch', ms(ours, viaFetch));
    put('api-http', ms(ours, viaHttp));
  },
};
