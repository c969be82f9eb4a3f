import { type ErrorCode, errorStatus } from '../contract/errors.js';

/** An error the API answers with: the status follows from the code, the message is for people. */
export class HttpError extends Error {
  readonly code: ErrorCode;
  readonly status: (typeof errorStatus)[ErrorCode];
  readonly headers: Record<string, string>;

  constructor(code: ErrorCode, message: string, headers: Record<string, string> = {}) {
    super(message);
    this.name = 'HttpError';
    this.code = code;
    this.status = errorStatus[code];
    this.headers = headers;
  }

  body() {
    return { error: { code: this.code, message: this.message } };
  }
}
