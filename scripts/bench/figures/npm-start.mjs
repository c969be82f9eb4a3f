// A clone's `npm start` once dist/ is built: npm, the staleness check of scripts/start.mjs, then
// the same demo, against `node bin/domainctl.js demo` to the same frame. The line's node first on
// PATH, so npm and the bin both run on it.
import { dirname } from 'node:path';
import { bin, root, shellQuote } from '../context.mjs';
import { goal, ms } from '../goals.mjs';
import { timeToOutputInterleaved } from '../timing.mjs';

export default {
  group: 'start-up npm start',
  rows: [
    {
      id: 'npm-start',
      label:
        '`npm start` (dist/ current): first frame vs `node bin/domainctl.js demo`, both in a pty',
      goal: goal.atMost(1.5),
    },
  ],
  async measure({ node, put }) {
    const path = `PATH=${shellQuote(dirname(node))}:"$PATH"`;
    const demo = `env -u CI ${shellQuote(node)} ${shellQuote(bin)} demo`;
    const start = `cd ${shellQuote(root)} && env -u CI ${path} npm start --silent`;
    const [ours, floor] = await timeToOutputInterleaved([
      [start, 'Demo Scale'],
      [demo, 'Demo Scale'],
    ]);
    put('npm-start', ms(ours, floor));
  },
};
