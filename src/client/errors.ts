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
