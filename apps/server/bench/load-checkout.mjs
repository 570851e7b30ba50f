// The load generator of bench/checkout.ts, in its own process so it never shares an event loop
// with the server it measures. argv[2] is JSON {url, connections, buyersFile}: every request
// takes the next buyer of the file (its session and its card), so each checkout is a distinct
// buyer with a fresh idempotency key, until the buyers run out. Prints a summary as JSON.
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import autocannon from 'autocannon';

const { url, connections, buyersFile } = JSON.parse(process.argv[2] ?? '{}');
const buyers = JSON.parse(readFileSync(buyersFile, 'utf8'));
let next = 0;

const result = await autocannon({
  url,
  connections,
  amount: buyers.length,
  requests: [
    {
      method: 'POST',
      path: '/api/orders/checkout',
      setupRequest(request) {
        const buyer = buyers[next];
        next += 1;
        return {
          ...request,
          headers: { 'content-type': 'application/json', authorization: `Bearer ${buyer.token}` },
          body: JSON.stringify({ paymentMethodId: buyer.paymentMethodId, idempotencyKey: randomUUID() }),
        };
      },
    },
  ],
});
process.stdout.write(
  JSON.stringify({
    total: result.requests.total,
    seconds: result.duration,
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
  }),
);
