import type { FastifyInstance } from 'fastify';

/** `/health`: the process is up. `/ready`: it can also reach its database (PRODUCT.md). */
export function registerHealth(app: FastifyInstance, ping: () => Promise<boolean>) {
  app.get('/health', async () => ({ status: 'ok' }));
  app.get('/ready', async (_request, reply) => {
    const isReady = await ping();
    return reply.status(isReady ? 200 : 503).send({ status: isReady ? 'ready' : 'database unreachable' });
  });
}
