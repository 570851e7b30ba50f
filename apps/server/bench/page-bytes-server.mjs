// One of `npm run bench:render`'s parts (render-floor.ts): bare Fastify answering every request
// with the same page bytes, read once from PAGE_FILE, on PORT. What an HTTP request and its
// answer cost the server on their own, with no render, router, database or hooks.
import { readFileSync } from 'node:fs';
import Fastify from 'fastify';

const page = readFileSync(process.env.PAGE_FILE ?? '');
const app = Fastify({ logger: false });
app.get('/ready', async () => 'ok');
app.get('/*', async (_request, reply) => reply.type('text/html; charset=utf-8').send(page));
await app.listen({ host: '127.0.0.1', port: Number(process.env.PORT) });
process.once('SIGTERM', () => void app.close().then(() => process.exit(0)));
