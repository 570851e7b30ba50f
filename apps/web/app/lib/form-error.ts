import { ClientErrorMessage } from '@everdeal/contracts/messages';
import { ApiError } from './api-client';

export type FormError = { message: string; tone: 'error' | 'warning'; status: number | null };

/**
 * What a form says when its call fails: the API client's requirements §8 text (the server's own
 * message for a 422, the 429 warning, the server or network error), never a raw exception.
 */
export function toFormError(error: unknown): FormError {
  if (error instanceof ApiError) {
    return { message: error.message, tone: error.severity === 'error' ? 'error' : 'warning', status: error.status };
  }
  return { message: ClientErrorMessage.unexpected, tone: 'error', status: null };
}
