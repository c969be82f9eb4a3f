import { expect } from 'vitest';
import type { ErrorCode } from '../../src/contract/errors.js';
import { ErrorBody } from '../../src/contract/schemas.js';

export interface ApiResponse {
  status: number;
  headers: Headers;
  /** The body parsed as JSON, or undefined when it is empty or not JSON. */
  json: unknown;
  text: string;
}

export interface ApiOptions {
  /** Sent as `Authorization: Bearer <key>`; a JWT works as well as an API key. */
  key?: string;
  /** Sent as JSON. */
  body?: unknown;
  /**
   * Sent as is, for bodies that are not valid JSON (or, as bytes, not valid UTF-8), as
   * `application/json` unless `headers` give a Content-Type.
   */
  rawBody?: string | Uint8Array;
  headers?: Record<string, string>;
}

/** One real HTTP request to a server: status, headers and the body, read in full. */
export async function api(
  server: { url: string },
  method: string,
  path: string,
  options: ApiOptions = {},
): Promise<ApiResponse> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.key !== undefined) headers.authorization = `Bearer ${options.key}`;
  let body: string | Uint8Array | undefined = options.rawBody;
  // Sent as JSON that is broken, unless the test says what it is: fetch would call a string
  // text/plain, which the server refuses before reading it (415).
  if (body !== undefined && !Object.keys(headers).some((h) => h.toLowerCase() === 'content-type'))
    headers['content-type'] = 'application/json';
  if (options.body !== undefined) {
    body = JSON.stringify(options.body);
    headers['content-type'] = 'application/json';
  }
  const res = await fetch(`${server.url}${path}`, { method, headers, body });
  const text = await res.text();
  let json: unknown;
  try {
    json = text === '' ? undefined : JSON.parse(text);
  } catch {
    json = undefined;
  }
  return { status: res.status, headers: res.headers, json, text };
}

/**
 * Asserts an error response: its status, the contract's error body and its code. Returns the
 * message so a test can say what it must (or must not) contain.
 */
export function expectError(res: ApiResponse, status: number, code: ErrorCode): string {
  expect({ status: res.status, body: res.json }).toMatchObject({
    status,
    body: { error: { code } },
  });
  expect(res.headers.get('content-type')).toMatch(/^application\/json/);
  const body = ErrorBody.parse(res.json);
  expect(body.error.message.length).toBeGreaterThan(0);
  return body.error.message;
}

/** Asserts a 401 with `WWW-Authenticate: Bearer …`. */
export function expectUnauthorized(res: ApiResponse): string {
  const message = expectError(res, 401, 'unauthorized');
  expect(res.headers.get('www-authenticate')).toMatch(/^Bearer\b/);
  return message;
}
