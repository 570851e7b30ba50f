import { type ApiCallOptions, currentApiToken, networkFailure, unwrapApiResponse } from '~/lib/api-client';

export type UploadProgress = { loaded: number; total: number };

/**
 * A multipart upload that reports its progress (fetch cannot tell how much of a body was sent,
 * XMLHttpRequest can): the seller's CSV of codes and pictures. Same token, envelope and error
 * mapping as `callApi`; plain fields go before the file, which is what the server reads first.
 * It lives with the seller area so the shell's bundle, which every page loads, does not carry it.
 */
export function uploadWithProgress<T>(
  path: string,
  fields: Record<string, string>,
  file: { field: string; blob: Blob; name?: string },
  options: ApiCallOptions & { timeoutMs: number; onProgress?: (progress: UploadProgress) => void },
): Promise<T> {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  if (file.name === undefined) form.append(file.field, file.blob);
  else form.append(file.field, file.blob, file.name);
  return new Promise<T>((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', `/api/${path}`);
    request.timeout = options.timeoutMs;
    request.setRequestHeader('x-request-time', String(Date.now()));
    const token = currentApiToken();
    if (token) request.setRequestHeader('authorization', `Bearer ${token}`);
    request.upload.onprogress = (event) => {
      if (event.lengthComputable) options.onProgress?.({ loaded: event.loaded, total: event.total });
    };
    request.onerror = () => reject(networkFailure(options));
    request.ontimeout = () => reject(networkFailure(options));
    request.onabort = () => reject(new DOMException('The upload was cancelled', 'AbortError'));
    options.signal?.addEventListener('abort', () => request.abort(), { once: true });
    request.onload = () => {
      const response = new Response(request.responseText, {
        status: request.status,
        headers: { 'content-type': request.getResponseHeader('content-type') ?? 'application/json' },
      });
      unwrapApiResponse<T>(response, options).then(resolve, reject);
    };
    request.send(form);
  });
}
