import { ClientErrorMessage, HttpErrorMessage } from '@everdeal/contracts/messages';
import { describe, expect, it } from 'vitest';
import { ApiError } from './api-client';
import { toFormError } from './form-error';

describe('toFormError', () => {
  it('keeps the API client’s message, status and severity', () => {
    expect(toFormError(new ApiError('Please enter a valid email address', 422, 422))).toEqual({
      message: 'Please enter a valid email address',
      tone: 'error',
      status: 422,
    });
    expect(toFormError(new ApiError(HttpErrorMessage[429], 429, 429, 'warning'))).toEqual({
      message: HttpErrorMessage[429],
      tone: 'warning',
      status: 429,
    });
    expect(toFormError(new ApiError(ClientErrorMessage.network, null, null)).status).toBeNull();
  });

  it('never shows a raw exception', () => {
    expect(toFormError(new TypeError('x is undefined'))).toEqual({
      message: ClientErrorMessage.unexpected,
      tone: 'error',
      status: null,
    });
  });
});
