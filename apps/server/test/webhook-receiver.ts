import { createHmac, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A seller's webhook endpoint for tests (decision 033): a real HTTP server on 127.0.0.1 that keeps
 * every request and answers as told: a status, after a delay, or a redirect. Nothing leaves loopback.
 */
export type ReceivedWebhook = { path: string; headers: IncomingHttpHeaders; body: string };
export type ReceiverAnswer = { status: number; delayMs?: number; location?: string };

export type WebhookReceiver = {
  url: string;
  received: ReceivedWebhook[];
  /** What the next requests get (200 until told otherwise). */
  answer: ReceiverAnswer;
  /** Resolves once `count` requests have arrived. */
  waitFor(count: number, timeoutMs?: number): Promise<ReceivedWebhook[]>;
  close(): Promise<void>;
};

export async function startWebhookReceiver(): Promise<WebhookReceiver> {
  const received: ReceivedWebhook[] = [];
  const waiters: (() => void)[] = [];
  const receiver = { answer: { status: 200 } as ReceiverAnswer };
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      received.push({ path: req.url ?? '/', headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
      for (const wake of waiters.splice(0)) wake();
      const { status, delayMs = 0, location } = receiver.answer;
      const timer = setTimeout(() => {
        if (res.destroyed) return;
        res.writeHead(status, location ? { location } : {});
        res.end('ok');
      }, delayMs);
      res.on('close', () => clearTimeout(timer));
    });
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address() as AddressInfo;
  return Object.assign(receiver, {
    url: `http://127.0.0.1:${port}/hooks`,
    received,
    async waitFor(count: number, timeoutMs = 5000) {
      const deadline = Date.now() + timeoutMs;
      while (received.length < count) {
        if (Date.now() > deadline) throw new Error(`expected ${count} webhook requests, got ${received.length}`);
        await new Promise<void>((wake) => {
          waiters.push(wake);
          setTimeout(wake, 50);
        });
      }
      return received.slice(0, count);
    },
    close: () =>
      new Promise<void>((done) => {
        server.closeAllConnections();
        server.close(() => done());
      }),
  });
}

/** The `v1` signatures of an `Everdeal-Signature` header, in order (one per signing secret). */
export function signaturesOf(header: string | undefined): string[] {
  return (header ?? '')
    .split(',')
    .filter((part) => part.startsWith('v1='))
    .map((part) => part.slice(3));
}

/**
 * What a seller's receiver does (docs/webhooks.md): checks `Everdeal-Signature` against the raw
 * body with the secret, in constant time, accepting any of its `v1` signatures (two while a rotated
 * secret still signs, decision 046), and that the timestamp is recent.
 */
export function verifySignature(secret: string, header: string | undefined, body: string): { t: number } | null {
  const t = Number(
    (header ?? '')
      .split(',')
      .find((part) => part.startsWith('t='))
      ?.slice(2),
  );
  if (!Number.isInteger(t)) return null;
  const expected = createHmac('sha256', secret).update(`${t}.${body}`).digest();
  const matches = signaturesOf(header).some((v1) => {
    const given = Buffer.from(v1, 'hex');
    return given.length === expected.length && timingSafeEqual(given, expected);
  });
  return matches ? { t } : null;
}
