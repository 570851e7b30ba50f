import type { FastifyInstance } from 'fastify';

/**
 * `/health`: the process is up. `/ready`: it can also reach its database (requirements §7) and is
 * not shutting down: after SIGTERM it answers 503 while requests are still served, so a load
 * balancer stops sending new ones before the listener closes (docs/operations.md).
 */
export function registerHealth(
  app: FastifyInstance,
  ping: () => Promise<boolean>,
  isShuttingDown: () => boolean = () => false,
) {
  app.get('/health', async () => ({ status: 'ok' }));
  app.get('/ready', async (_request, reply) => {
    if (isShuttingDown()) return reply.status(503).send({ status: 'shutting down' });
    const isReady = await ping();
    return reply.status(isReady ? 200 : 503).send({ status: isReady ? 'ready' : 'database unreachable' });
  });
}
