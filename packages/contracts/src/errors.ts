import { HttpErrorMessage, type HttpErrorStatus } from './messages';

/**
 * Non-zero envelope codes. The code repeats the HTTP status so a client that only sees the
 * body (requirements §7 unwraps responses to the body) still knows what went wrong.
 */
export const ErrorCode = {
  badRequest: 400,
  unauthorized: 401,
  paymentRequired: 402,
  forbidden: 403,
  notFound: 404,
  conflict: 409,
  validation: 422,
  rateLimited: 429,
  internal: 500,
  unavailable: 503,
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
  /** A payment the provider refused (requirements §15: a declined card is a 402). */
  static paymentRequired(message?: string) {
    return new AppError(402, message);
  }
  static forbidden(message?: string) {
    return new AppError(403, message);
  }
  static notFound(message?: string) {
    return new AppError(404, message);
  }
  /** The request is fine but the store's state refuses it (a sold-out plan, requirements §15). */
  static conflict(message?: string) {
    return new AppError(409, message);
  }
  static validation(message?: string) {
    return new AppError(422, message);
  }
  static rateLimited(message?: string) {
    return new AppError(429, message);
  }
  /** A third party (the payment provider) did not answer; retrying later is safe. */
  static unavailable(message?: string) {
    return new AppError(503, message);
  }
}
