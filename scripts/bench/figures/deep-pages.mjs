// The last page of 5,000 domains against the first (page_size 100), each request after a write
// so that both are computed by the keyset query rather than taken from the page cache.
import { AUTH, DEEP_COUNT, DEEP_PROJECT, median } from '../context.mjs';
import { goal, ms } from '../goals.mjs';
import { get, post } from '../processes.mjs';

export default {
  group: 'deep pages',
  rows: [
    {
      id: 'deep',
      label: `last page vs first page of ${DEEP_COUNT.toLocaleString('en-US')} domains (page_size 100)`,
      goal: goal.atMost(1.5),
    },
  ],
  async measure({ base, addDeepDomains, freshAgent, put }) {
    await addDeepDomains();
    const agent = freshAgent();
    const listUrl = `${base}/v1/projects/${DEEP_PROJECT}/domains?page_size=100`;
    let token = '';
    let lastToken;
    do {
      const page = JSON.parse(
        (await get(agent, token ? `${listUrl}&page_token=${token}` : listUrl, AUTH)).body,
      );
      lastToken = token;
      token = page.next_page_token;
    } while (token);
    // The server keeps pages until the database changes; a write (a database created in
    // another project) before each timed request makes every one of them run the keyset query.
    let n = 0;
    const timePage = async (url) => {
      const times = [];
      for (let i = 0; i < 200; i++) {
        await post(
          agent,
          `${base}/v1/projects/prj_demo_free/databases`,
          { name: `bench-${n++}` },
          AUTH,
        );
        times.push((await get(agent, url, AUTH)).ms);
      }
      return median(times.slice(20));
    };
    const first = await timePage(listUrl);
    const last = await timePage(`${listUrl}&page_token=${lastToken}`);
    put('deep', ms(last, first));
  },
};
