// The "raw answer 5 MB" group (scripts/bench/raw-answer.mjs): the raw screen's viewer with a 5 MB
// answer against the same screen with an 8 KB one, in a pty.
import { goal } from '../goals.mjs';
import { measureRawAnswer, rawAnswerRows } from '../raw-answer.mjs';

export default {
  group: 'raw answer 5 MB',
  rows: rawAnswerRows(goal),
  async measure({ node, base, put }) {
    await measureRawAnswer({ node, base, put });
  },
};
