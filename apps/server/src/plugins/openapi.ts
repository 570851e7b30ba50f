import { apiRoutes, ErrorEnvelopeSchema, envelopeSchema } from '@everdeal/contracts';
import { z } from 'zod';

let cached: object | undefined;

/** The OpenAPI 3.1 document of the whole API, generated from the contract table once. */
export function buildOpenApiDocument(): object {
  if (cached) return cached;
  const paths: Record<string, object> = {};
  for (const [path, route] of Object.entries(apiRoutes)) {
    paths[`/api/${path}`] = {
      post: {
        summary: route.summary,
        tags: [route.tag],
        ...(route.requiresAuth ? { security: [{ bearer: [] }] } : {}),
        requestBody: {
          required: false,
          content: { 'application/json': { schema: z.toJSONSchema(route.input, { io: 'input' }) } },
        },
        responses: {
          200: {
            description: 'Success: code 0',
            content: { 'application/json': { schema: z.toJSONSchema(envelopeSchema(route.output), { io: 'output' }) } },
          },
          default: {
            description: 'Failure: code and HTTP status as spec §8 (400, 401, 403, 404, 422, 429, 500)',
            content: { 'application/json': { schema: z.toJSONSchema(ErrorEnvelopeSchema) } },
          },
        },
      },
    };
  }
  cached = {
    openapi: '3.1.0',
    info: {
      title: 'Everdeal API',
      version: '1',
      description:
        'Every call is a POST with a JSON body and answers the envelope {code, msg, data}; code 0 means success.',
    },
    components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
    paths,
  };
  return cached;
}
