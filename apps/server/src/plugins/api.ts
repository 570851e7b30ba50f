import { type ApiOutput, type ApiPath, type ApiRoutes, apiRoutes, ok } from '@everdeal/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { sendApiNotFound } from './errors';
import { buildOpenApiDocument } from './openapi';

export type ApiRequestContext = { request: FastifyRequest };

export type ApiHandler<P extends ApiPath> = (
  input: z.output<ApiRoutes[P]['input']>,
  context: ApiRequestContext,
) => Promise<ApiOutput<P>>;

export type ApiHandlers<P extends ApiPath = ApiPath> = { [K in P]: ApiHandler<K> };

/** Lets a module declare handlers for a subset of the API table, fully typed. */
export function defineHandlers<P extends ApiPath>(handlers: ApiHandlers<P>): ApiHandlers<P> {
  return handlers;
}

/**
 * Mounts `POST /api/{path}` for every handler: the payload is parsed with the route's input
 * schema (unknown fields stripped, violations become 422), the result is parsed with its output
 * schema (so nothing outside the contract, such as a hash or an internal flag, can leak) and
 * wrapped in the envelope. Unknown `/api/*` paths answer the JSON 404.
 */
export async function registerApi(app: FastifyInstance, handlers: Partial<ApiHandlers>) {
  await app.register(
    async (api) => {
      api.setNotFoundHandler(sendApiNotFound);
      api.get('/docs', async () => buildOpenApiDocument());
      for (const [path, handler] of Object.entries(handlers) as [ApiPath, ApiHandler<ApiPath>][]) {
        const route = apiRoutes[path];
        api.post(`/${path}`, async (request) => {
          const input = route.input.parse(request.body ?? {});
          const result = await handler(input as never, { request });
          return ok(route.output.parse(result));
        });
      }
    },
    { prefix: '/api' },
  );
}
