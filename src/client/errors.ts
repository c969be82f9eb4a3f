import type { HttpMethod } from '../contract/routes.js';

/** The API answered with an HTTP error; `body` is what it sent (usually the error body). */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly method: HttpMethod,
    readonly path: string,
    readonly body: unknown,
  ) {
    super(message);
    this.name = 'ApiError';
  }

  /** One line for stderr: `HTTP 404 not_found: project prj_x not found`. */
  summary(): string {
    return `HTTP ${this.status} ${this.code}: ${this.message}`;
  }
}

/**
 * The API answered with success (2xx), but not with anything the client can use: not JSON, or
 * JSON that breaks the API's description where the client needs it. Never an HTTP error: the
 * request may well have done what it asked (a domain added).
 */
export class InvalidResponseError extends Error {
  constructor(
    readonly status: number,
    readonly method: HttpMethod,
    readonly path: string,
    /** What was wrong, for people: `domains.0.created_at: expected …`. */
    readonly detail: string,
    /** The body as it came: parsed JSON, or the text when it was not JSON. */
    readonly body: unknown,
  ) {
    super(`the API's answer to ${method} ${path} (HTTP ${status}) was not understood: ${detail}`);
    this.name = 'InvalidResponseError';
  }
}

/**
 * Following a list's pages went wrong: the API handed out a page token a second time, or a page
 * with nothing on it that still pointed to another. Following it would never end.
 */
export class PagingError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PagingError';
  }
}

/** No answer: the connection failed or the request timed out. */
export class NetworkError extends Error {
  constructor(
    message: string,
    readonly url: string,
    readonly timedOut: boolean,
  ) {
    super(message);
    this.name = 'NetworkError';
  }
}

/** The request was refused before anything was sent: bad method, path, body or header. */
export class RequestInputError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'RequestInputError';
  }
}

/** The route needs credentials and none were given; nothing was sent. */
export class MissingCredentialsError extends Error {
  constructor(readonly template: string) {
    super(
      `${template} needs credentials: pass --token, set DOMAINCTL_TOKEN, or add a profile with domainctl profile add`,
    );
    this.name = 'MissingCredentialsError';
  }
}
