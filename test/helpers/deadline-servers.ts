import { type FakeApi, fakeDomain, startFakeApi } from './fake-api.js';
import { type RawServer, startRawServer } from './raw-server.js';

// The hostile APIs a --timeout must hold against, for the in-process runs of
// test/commands/deadlines.test.ts and the spawned bin of deadlines-process.test.ts.

export const UNAVAILABLE = { error: { code: 'unavailable', message: 'try again' } };

/** Always 503, asking to come back in `seconds`. */
export function retryAfterServer(seconds: string): Promise<RawServer> {
  return startRawServer((_req, res) => {
    res.writeHead(503, { 'content-type': 'application/json', 'retry-after': seconds });
    res.end(JSON.stringify(UNAVAILABLE));
  });
}

/** Sends the headers at once, then the body one byte a second, never ending. */
export function tricklingServer(): Promise<RawServer> {
  return startRawServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.write('{');
    const drip = setInterval(() => res.write(' '), 1000);
    res.on('close', () => clearInterval(drip));
  });
}

/** A list of `project`'s domains that never ends: every page one new domain and a new token. */
export function endlessDomainList(project: string): Promise<FakeApi> {
  return startFakeApi({
    domainPage: (_project, token) => {
      const n = token === undefined ? 1 : Number(token.slice(1));
      return { items: [fakeDomain(n, project)], next: `p${n + 1}` };
    },
  });
}
