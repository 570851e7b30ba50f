import { randomUUID } from 'node:crypto';
import { type FastifyInstance, LogController } from 'fastify';

/**
 * Request ids (docs/operations.md "Request ids"): a proxy's `X-Request-Id` is kept, so one id
 * follows a request from the proxy's log to ours; without one (or with one that is not a plain
 * token) a UUID is made. Only letters, digits and `._:-` up to 128 characters are taken: the id is
 * written to every log line and to a header, so it must not carry line breaks or markup.
 */
const PLAIN_ID = /^[A-Za-z0-9._:-]{1,128}$/;

export function requestIdOf(header: string | string[] | undefined): string {
  const value = Array.isArray(header) ? header[0] : header;
  return value && PLAIN_ID.test(value) ? value : randomUUID();
}

/** Fastify's options for it: its own header reading is off, ours validates; log lines say `requestId`. */
export const requestIdOptions = {
  requestIdHeader: false as const,
  logController: new LogController({ requestIdLogLabel: 'requestId' }),
  genReqId: (request: { headers: Record<string, string | string[] | undefined> }) =>
    requestIdOf(request.headers['x-request-id']),
};

/** Every answer says its request id, pages and assets too, so support can ask for it. */
export function registerRequestIdHeader(app: FastifyInstance): void {
  app.addHook('onRequest', (request, reply, done) => {
    reply.header('x-request-id', request.id);
    done();
  });
}
