import {
  type ApiOutput,
  type ApiPath,
  type ApiRole,
  type ApiRoutes,
  AppError,
  apiRoutes,
  ok,
} from '@everdeal/contracts';
import type { UserRow } from '@everdeal/db';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import {
  type ApiKeyAuthenticator,
  type ApiKeyCaller,
  type Authenticator,
  readBearerToken,
  requireSession,
} from './auth';
import { describeZodError, sendApiNotFound } from './errors';
import { requireStorableInput } from './input-guard';
import { buildOpenApiDocument } from './openapi';

/**
 * What a handler knows about the call; signed-in routes get the user and their session. `reply`
 * is there for work that must wait until the answer is sent (lib/background-tasks.ts); the
 * handler's return value is still the answer.
 */
export type ApiRequestContext<P extends ApiPath = ApiPath> = {
  request: FastifyRequest;
  reply: FastifyReply;
} & (ApiRoutes[P] extends {
  requiresAuth: true;
}
  ? { user: UserRow; sessionId: string }
  : ApiRoutes[P] extends { auth: 'apiKey' }
    ? { user?: undefined; sessionId?: undefined; apiKey: ApiKeyCaller }
    : { user?: undefined; sessionId?: undefined });

export type ApiHandler<P extends ApiPath> = (
  input: z.output<ApiRoutes[P]['input']>,
  context: ApiRequestContext<P>,
) => Promise<ApiOutput<P>>;

export type ApiHandlers<P extends ApiPath = ApiPath> = { [K in P]: ApiHandler<K> };

/** Lets a module declare handlers for a subset of the API table, fully typed. */
export function defineHandlers<P extends ApiPath>(handlers: ApiHandlers<P>): ApiHandlers<P> {
  return handlers;
}

export type ApiOptions = {
  handlers: Partial<ApiHandlers>;
  /** Resolves bearer tokens for routes marked `requiresAuth` in the route table. */
  authenticate: Authenticator;
  /** Whether a signed-in user holds a route's `role` (modules/roles/roles.ts). */
  hasRole: (user: UserRow, role: ApiRole) => Promise<boolean>;
  /** Resolves the API key of routes whose `auth` is `apiKey` (decision 032; modules/licensing). */
  authenticateApiKey: ApiKeyAuthenticator;
};

/**
 * Mounts `POST /api/{path}` for every handler: routes marked `requiresAuth` first need a live
 * session (else 401 "User not logged in", requirements §6) and routes with a `role` a user who
 * holds it (else 403 "You do not have permission to perform this action"), the payload is parsed with the route's
 * input schema (unknown fields stripped, violations become 422) and must hold only text the
 * database can store (requirements §8: a NUL is a 422, not a 500), the result is parsed with its
 * output schema (so nothing outside the contract, such as a hash or an internal flag, can leak)
 * and wrapped in the envelope. Unknown `/api/*` paths answer the JSON 404.
 */
export async function registerApi(
  app: FastifyInstance,
  { handlers, authenticate, hasRole, authenticateApiKey }: ApiOptions,
) {
  // Cached catalogue answers (decision 004) come back as the same objects: each is checked and
  // serialised once, not on every request that reads it.
  // Bytes, not a string: a string would be encoded to UTF-8 again on every send.
  const envelopes = new WeakMap<object, { route: object; json: Buffer }>();
  function envelopeOf(path: string, route: object & { output: z.ZodType }, result: unknown): Buffer {
    const isObject = typeof result === 'object' && result !== null;
    const known = isObject ? envelopes.get(result) : undefined;
    if (known?.route === route) return known.json;
    const checked = route.output.safeParse(result);
    // Our answer broke our own contract: a server bug (500, logged), not the client's 422.
    if (!checked.success) {
      throw new Error(`${path} answered outside its output schema: ${describeZodError(checked.error)}`);
    }
    const json = Buffer.from(JSON.stringify(ok(checked.data)));
    if (isObject) envelopes.set(result, { route, json });
    return json;
  }

  await app.register(
    async (api) => {
      api.setNotFoundHandler(sendApiNotFound);
      api.get('/docs', async () => buildOpenApiDocument());
      for (const [path, handler] of Object.entries(handlers) as [ApiPath, ApiHandler<ApiPath>][]) {
        const route = apiRoutes[path];
        api.post(`/${path}`, async (request, reply) => {
          // Authentication comes before validation: a stranger learns nothing about the payload rules.
          const session = route.requiresAuth ? await requireSession(authenticate, request) : undefined;
          // So does the role (requirements §6): one 403 for every route of a role the caller lacks.
          const role = (route as { role?: ApiRole }).role;
          if (session && role && !(await hasRole(session.user, role))) throw AppError.forbidden();
          // A license call's API key (decision 032), never a session: a session's token is refused.
          const apiKey =
            (route as { auth?: string }).auth === 'apiKey'
              ? await authenticateApiKey(readBearerToken(request), reply.raw)
              : undefined;
          const input = route.input.parse(request.body ?? {});
          requireStorableInput(input);
          const context = session
            ? { request, reply, user: session.user, sessionId: session.sessionId }
            : { request, reply, user: undefined, sessionId: undefined, apiKey };
          const result = await handler(input as never, context as never);
          return reply.type('application/json; charset=utf-8').send(envelopeOf(path, route, result));
        });
      }
    },
    { prefix: '/api' },
  );
}
