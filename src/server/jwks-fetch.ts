import type { FetchImplementation } from 'jose';

const MIB = 1024 * 1024;
/** A JWKS holds a handful of public keys, a few KiB; one over this is not read further. */
export const MAX_JWKS_BYTES = MIB;

/**
 * The fetch jose uses for the JWKS (its `customFetch` option), with the answer read at most
 * `limit` bytes: jose reads the whole body and parses it, so a JWKS URL that answers 20 MB (or
 * never stops) took the server's memory with it. A bigger answer is cancelled as soon as it
 * passes the limit, or before it is read when its Content-Length says so, and the fetch fails;
 * jose's timeout (the signal it passes) bounds the time it takes, body included.
 */
export function boundedJwksFetch(limit: number = MAX_JWKS_BYTES): FetchImplementation {
  const most = limit % MIB === 0 ? `${limit / MIB} MiB` : `${limit} bytes`;
  const tooLarge = (url: string) =>
    new Error(`the JWKS at ${url} is over ${most}; it was not read further`);

  return async (url, options) => {
    const response = await fetch(url, options);
    // jose refuses anything but 200 without reading the body: neither does this.
    if (response.status !== 200 || !response.body) {
      await response.body?.cancel();
      return response;
    }
    if (Number(response.headers.get('content-length')) > limit) {
      await response.body.cancel();
      throw tooLarge(url);
    }
    const reader = response.body.getReader();
    const chunks: Uint8Array[] = [];
    let size = 0;
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (size > limit) {
        await reader.cancel();
        throw tooLarge(url);
      }
      chunks.push(value);
    }
    return new Response(Buffer.concat(chunks), {
      status: 200,
      headers: { 'content-type': 'application/json' },
    });
  };
}
