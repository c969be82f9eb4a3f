import { connect } from 'node:net';
import { describe, expect, it, vi } from 'vitest';
import { api } from '../helpers/api.js';
import { seededServerForFile } from '../helpers/fixtures.js';
import { TESTER_KEY } from '../helpers/server.js';

// A client that goes away in the middle of its upload is not a server error: the request is
// logged with nginx's 499 ("client closed request"), with no warning and no stack trace.

const PATH = '/v1/projects/prj_demo_scale/domains';
const server = seededServerForFile();

// "Expect: 100-continue" makes the server say when it has the request in hand and waits for
// the body, so the client goes away exactly then, with no guess at how long that takes.
const head = (framing: string) =>
  `POST ${PATH} HTTP/1.1\r\nHost: test\r\nAuthorization: Bearer ${TESTER_KEY}\r\n` +
  `Content-Type: application/json\r\nExpect: 100-continue\r\n${framing}\r\n\r\n`;

/** Sends the headers and, once the server waits for it, part of the body; then goes away. */
async function abortUpload(framing: string, part: string, how: 'destroy' | 'end') {
  const before = server.logLines.length;
  const socket = connect(server.port, '127.0.0.1');
  socket.on('error', () => {});
  socket.setEncoding('utf8');
  socket.write(head(framing));
  await new Promise<void>((resolve) =>
    socket.on('data', (chunk: string) => {
      if (chunk.startsWith('HTTP/1.1 100 Continue')) resolve();
    }),
  );
  socket.write(part);
  if (how === 'destroy') socket.destroy();
  else socket.end();
  await vi.waitFor(() => expect(server.logLines.length).toBeGreaterThan(before), {
    timeout: 5000,
  });
  return server.logLines.slice(before);
}

describe('an upload the client aborts', () => {
  it.each([
    ['Content-Length, then the socket is destroyed', 'Content-Length: 50000', 'destroy'],
    ['Content-Length, then the client closes its side', 'Content-Length: 50000', 'end'],
    ['chunked, then the socket is destroyed', 'Transfer-Encoding: chunked', 'destroy'],
  ] as const)('%s: logged as 499, no warning, no stack', async (_what, framing, how) => {
    const part = framing.startsWith('Transfer') ? '10\r\n{"domain":"abcde' : '{"domain":"abc';
    const lines = await abortUpload(framing, part, how);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(new RegExp(` POST ${PATH} 499 \\d+\\.\\dms$`));
    expect(server.warnings).toEqual([]);
  });

  it('leaves the server healthy: the next requests are answered', async () => {
    expect((await api(server, 'GET', '/v1/regions')).status).toBe(200);
    const added = await api(server, 'POST', PATH, {
      key: TESTER_KEY,
      body: { domain: 'after-abort.example.com' },
    });
    expect(added.status).toBe(201);
    expect(server.warnings).toEqual([]);
  });
});
