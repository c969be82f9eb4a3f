import { type ErrorCode, errorStatus } from '../contract/errors.js';
import { redactCredentials } from './redact.js';

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

  /**
   * The error body. Messages name what was asked for (a project id, a path, a label), and a client
   * may have pasted a key there: it is not echoed back.
   */
  body() {
    return { error: { code: this.code, message: redactCredentials(this.message) } };
  }
}
