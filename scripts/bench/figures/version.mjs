// `domainctl --version` against `node -e 0`: the CommonJS shim answers it before any bundle.
import { bin } from '../context.mjs';
import { goal, ms } from '../goals.mjs';
import { timeInterleaved } from '../timing.mjs';

export default {
  group: 'start-up --version',
  rows: [{ id: 'version', label: '`domainctl --version` vs `node -e 0`', goal: goal.budget(1.5) }],
  async measure({ node, put }) {
    const [ours, floor] = timeInterleaved([
      [node, [bin, '--version']],
      [node, ['-e', '0']],
    ]);
    put('version', ms(ours, floor));
  },
};
