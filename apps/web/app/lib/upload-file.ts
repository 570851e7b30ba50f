import { API_TIMEOUT_MS } from '@everdeal/contracts/constants';
import { type ApiCallOptions, currentApiToken, networkFailure, unwrapApiResponse } from './api-client';

/**
 * A multipart upload (the avatar) with the same token, timeout, envelope and error mapping as
 * `callApi`. The browser sets the multipart content type with its boundary itself. It lives
 * beside the client rather than in it: every page loads the client, one page uploads.
 */
export async function uploadFile<T>(path: string, field: string, file: Blob, options: ApiCallOptions = {}): Promise<T> {
  const headers: Record<string, string> = { 'x-request-time': String(Date.now()) };
  const token = currentApiToken();
  if (token) headers.authorization = `Bearer ${token}`;
  const form = new FormData();
  form.append(field, file);
  const signals = [AbortSignal.timeout(API_TIMEOUT_MS), ...(options.signal ? [options.signal] : [])];
  let response: Response;
  try {
    response = await fetch(`/api/${path}`, { method: 'POST', headers, body: form, signal: AbortSignal.any(signals) });
  } catch (cause) {
    if (options.signal?.aborted) throw cause;
    throw networkFailure(options);
  }
  return unwrapApiResponse<T>(response, options);
}
