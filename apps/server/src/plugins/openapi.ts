import {
  AVATAR_MAX_BYTES,
  AVATAR_MIME_TYPES,
  apiRoutes,
  ErrorEnvelopeSchema,
  envelopeSchema,
  UploadAvatarResultSchema,
} from '@everdeal/contracts';
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
        ...('auth' in route && route.auth === 'apiKey' ? { security: [{ apiKey: [] }] } : {}),
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
            description: 'Failure: code and HTTP status as requirements §8 (400, 401, 403, 404, 422, 429, 500)',
            content: { 'application/json': { schema: z.toJSONSchema(ErrorEnvelopeSchema) } },
          },
        },
      },
    };
  }
  // The one multipart call lives outside the route table, so it is described by hand.
  paths['/api/users/uploadAvatar'] = {
    post: {
      summary: `Upload a profile picture (${AVATAR_MIME_TYPES.join(', ')}, at most ${AVATAR_MAX_BYTES} bytes); stored as a 256×256 WebP`,
      tags: ['users'],
      security: [{ bearer: [] }],
      requestBody: {
        required: true,
        content: {
          'multipart/form-data': {
            schema: {
              type: 'object',
              required: ['avatar'],
              properties: {
                avatar: { type: 'string', format: 'binary', contentMediaType: AVATAR_MIME_TYPES.join(', ') },
              },
            },
          },
        },
      },
      responses: {
        200: {
          description: 'Success: code 0, data.avatar is the new picture URL',
          content: {
            'application/json': { schema: z.toJSONSchema(envelopeSchema(UploadAvatarResultSchema), { io: 'output' }) },
          },
        },
        default: {
          description: 'Failure: 401 without a session, 422 for a file that is not an image or is too big',
          content: { 'application/json': { schema: z.toJSONSchema(ErrorEnvelopeSchema) } },
        },
      },
    },
  };
  cached = {
    openapi: '3.1.0',
    info: {
      title: 'Everdeal API',
      version: '1',
      description:
        'Every call is a POST with a JSON body and answers the envelope {code, msg, data}; code 0 means success.',
    },
    components: {
      securitySchemes: {
        bearer: { type: 'http', scheme: 'bearer', description: 'A session token from users/login or users/register' },
        // Decision 032: the license calls take a seller's API key, never a session.
        apiKey: {
          type: 'http',
          scheme: 'bearer',
          bearerFormat: 'evd_…',
          description: "A seller's API key (seller/createApiKey), sent as `Authorization: Bearer evd_…`",
        },
      },
    },
    tags: [
      {
        name: 'Licenses',
        description:
          "Sellers' license calls (decision 032): a seller's API key as the bearer, 60 calls a minute per key; a code of another seller's product answers 404 \"License not found\"",
      },
    ],
    paths,
  };
  return cached;
}
