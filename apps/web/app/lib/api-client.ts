import type { ApiInput, ApiOutput, ApiPath } from '@everdeal/contracts';
import { API_TIMEOUT_MS } from '@everdeal/contracts/constants';
import { ClientErrorMessage, HttpErrorMessage } from '@everdeal/contracts/messages';
import { takeEarlyResponse } from './early-requests';

/** How an error toast should look (requirements §8: error, warning or info). */
export type ApiErrorSeverity = 'error' | 'warning' | 'info';

export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number | null,
    readonly code: number | null,
    readonly severity: ApiErrorSeverity = 'error',
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export type ApiCallOptions = {
  /** Requirements §7: some calls (login) show their own message instead of the automatic toast. */
  silent?: boolean;
  /** Message when the server answers a non-zero code without one (requirements §8 defaults). */
  fallbackMessage?: string;
  signal?: AbortSignal;
};

type Hooks = {
  getToken: () => string | null;
  onError: (error: ApiError) => void;
  onUnauthorized: () => void;
};

const hooks: Hooks = { getToken: () => null, onError: () => {}, onUnauthorized: () => {} };

/** The app wires toasts and auth into the client once at start; the client imports neither. */
export function configureApiClient(next: Partial<Hooks>) {
  Object.assign(hooks, next);
}

type Body = { code?: number; msg?: string; message?: string; data?: unknown };

/** Requirements §8: the message for an HTTP failure, preferring what the server said where allowed. */
export function messageForStatus(status: number, body: Body | null): { message: string; severity: ApiErrorSeverity } {
  const serverMessage = body?.msg || body?.message;
  if (status === 400) return { message: serverMessage || HttpErrorMessage[400], severity: 'error' };
  // Checkout's refusals (requirements §15): the server names the reason ("Your card was declined.",
  // "Quillstream (Tier 1) is sold out"), which is the only useful thing to show.
  if (status === 402) return { message: serverMessage || HttpErrorMessage[402], severity: 'error' };
  if (status === 409) return { message: serverMessage || HttpErrorMessage[409], severity: 'error' };
  if (status === 401) return { message: HttpErrorMessage[401], severity: 'warning' };
  if (status === 403) return { message: HttpErrorMessage[403], severity: 'error' };
  if (status === 404) return { message: HttpErrorMessage[404], severity: 'error' };
  if (status === 422) return { message: serverMessage || HttpErrorMessage[422], severity: 'error' };
  if (status === 429) return { message: HttpErrorMessage[429], severity: 'warning' };
  if (status >= 500 && status <= 504) return { message: ClientErrorMessage.serverError, severity: 'error' };
  return { message: ClientErrorMessage.unexpected, severity: 'error' };
}

async function readBody(response: Response): Promise<Body | null> {
  try {
    return (await response.json()) as Body;
  } catch {
    return null;
  }
}

function fail(error: ApiError, options: ApiCallOptions): never {
  if (!options.silent) hooks.onError(error);
  throw error;
}

/**
 * The one way the browser talks to the API (requirements §7): POST with a JSON body, the bearer token
 * when one is stored, a request-time header, a 10 s timeout, and the body unwrapped to `data`.
 * Failures become an ApiError carrying requirements §8 message, toasted unless `silent`.
 */
export async function callApi<P extends ApiPath>(
  path: P,
  input: ApiInput<P> = {} as ApiInput<P>,
  options: ApiCallOptions = {},
): Promise<ApiOutput<P>> {
  const headers: Record<string, string> = {
    'content-type': 'application/json',
    'x-request-time': String(Date.now()),
  };
  const token = hooks.getToken();
  if (token) headers.authorization = `Bearer ${token}`;

  // The same call already sent by the page's early script (lib/early-requests.ts); if that one
  // could not reach the server, the call is made again below.
  const early = token && isEmpty(input) ? takeEarlyResponse(path, token) : null;
  const earlyResponse = early ? await early.catch(() => null) : null;
  if (earlyResponse) return unwrap<ApiOutput<P>>(earlyResponse, options);

  const signals = [AbortSignal.timeout(API_TIMEOUT_MS), ...(options.signal ? [options.signal] : [])];
  let response: Response;
  try {
    // Fastify rejects an empty JSON body (docs/development.md), so the client always sends an object.
    response = await fetch(`/api/${path}`, {
      method: 'POST',
      headers,
      body: JSON.stringify(input ?? {}),
      signal: AbortSignal.any(signals),
    });
  } catch (cause) {
    // A cancelled request (the user typed on) is not a network failure worth a toast.
    if (options.signal?.aborted) throw cause;
    return fail(new ApiError(ClientErrorMessage.network, null, null), options);
  }

  return unwrap<ApiOutput<P>>(response, options);
}

function isEmpty(input: unknown): boolean {
  return input === undefined || input === null || (typeof input === 'object' && Object.keys(input).length === 0);
}

/** Requirements §8 for any answer: 401 signs out, other failures map to their message, then unwrap data. */
async function unwrap<T>(response: Response, options: ApiCallOptions): Promise<T> {
  const body = await readBody(response);
  if (response.status === 401) {
    hooks.onUnauthorized();
    throw new ApiError(body?.msg || HttpErrorMessage[401], 401, body?.code ?? 401, 'warning');
  }
  if (!response.ok) {
    const { message, severity } = messageForStatus(response.status, body);
    return fail(new ApiError(message, response.status, body?.code ?? null, severity), options);
  }
  if (!body || typeof body.code !== 'number') {
    return fail(new ApiError(ClientErrorMessage.unexpected, response.status, null), options);
  }
  if (body.code !== 0) {
    const message = body.msg || body.message || options.fallbackMessage || ClientErrorMessage.operationFailed;
    return fail(new ApiError(message, response.status, body.code), options);
  }
  return body.data as T;
}

/** The stored bearer token, for a request made without `fetch` (the seller's upload with progress). */
export function currentApiToken(): string | null {
  return hooks.getToken();
}

/** Requirements §8 for an answer that did not come through `callApi`: the same statuses and toasts. */
export function unwrapApiResponse<T>(response: Response, options: ApiCallOptions = {}): Promise<T> {
  return unwrap<T>(response, options);
}

/** The network failure of a request that got no answer, toasted unless `silent`, as an ApiError to throw. */
export function networkFailure(options: ApiCallOptions = {}): ApiError {
  const error = new ApiError(ClientErrorMessage.network, null, null);
  if (!options.silent) hooks.onError(error);
  return error;
}
