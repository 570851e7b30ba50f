import { HttpErrorMessage, type HttpErrorStatus } from './messages';

/**
 * Non-zero envelope codes. The code repeats the HTTP status so a client that only sees the
 * body (spec §7 unwraps responses to the body) still knows what went wrong.
 */
export const ErrorCode = {
  badRequest: 400,
  unauthorized: 401,
  forbidden: 403,
  notFound: 404,
  validation: 422,
  rateLimited: 429,
  internal: 500,
} as const satisfies Record<string, HttpErrorStatus>;

export type ErrorCodeName = keyof typeof ErrorCode;

/** The one error type of the application: a status, and a message safe to show a user. */
export class AppError extends Error {
  readonly status: HttpErrorStatus;

  constructor(status: HttpErrorStatus, message?: string, options?: { cause?: unknown }) {
    super(message ?? HttpErrorMessage[status], options);
    this.name = 'AppError';
    this.status = status;
  }

  static badRequest(message?: string) {
    return new AppError(400, message);
  }
  static unauthorized(message?: string) {
    return new AppError(401, message);
  }
  static forbidden(message?: string) {
    return new AppError(403, message);
  }
  static notFound(message?: string) {
    return new AppError(404, message);
  }
  static validation(message?: string) {
    return new AppError(422, message);
  }
  static rateLimited(message?: string) {
    return new AppError(429, message);
  }
}
