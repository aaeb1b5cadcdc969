// The one error type for a request the user got wrong: a bad or missing field, a record
// that does not exist or is not theirs, a rule the request breaks (following yourself, a
// used reset link, a file we do not take). Models and lib code throw it; the status and the
// message are what the caller is answered, as they are. Anything else that goes wrong (the
// database, a program we run, a bug) stays an ordinary exception: a 500, logged.
// It becomes a response in lib/server/form-reply.server.ts: `mutation` for the writes scripts and
// plain forms both send, `answerUserErrors` for every other loader and action.

export type UserErrorOptions = {
  /** The form field the message belongs next to. */
  field?: string;
  /** A reason a caller can branch on (e.g. "damaged" or "unreadable" for a video probe). */
  code?: string;
  /** The user's name of the file refused, when the error is about an upload. */
  file?: string;
  /** For a 429: the seconds to wait before trying again (the answer's Retry-After). */
  retryAfter?: number;
};

export class UserError extends Error {
  readonly field: string | undefined;
  readonly code: string | undefined;
  readonly file: string | undefined;
  readonly retryAfter: number | undefined;
  constructor(
    /** The HTTP status that answers it: 400, 401, 403, 404, 409, 413, 415, 429... */
    readonly status: number,
    message: string,
    options: UserErrorOptions = {},
  ) {
    super(message);
    this.name = "UserError";
    this.field = options.field;
    this.code = options.code;
    this.file = options.file;
    this.retryAfter = options.retryAfter;
  }
}

/** Whether `error` is a UserError that belongs next to a form field. */
export function isFieldError(error: unknown): error is UserError & { field: string } {
  return error instanceof UserError && error.field !== undefined;
}
