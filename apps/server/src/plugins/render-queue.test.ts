import { createServer, request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { clientLeftSignal, createRenderQueue } from './render-queue';

type Deferred = { resolve: () => void; promise: Promise<void> };
const deferred = (): Deferred => {
  let resolve = () => {};
  const promise = new Promise<void>((done) => {
    resolve = done;
  });
  return { resolve, promise };
};
const settle = () => new Promise((done) => setTimeout(done, 0));

describe('createRenderQueue', () => {
  it('runs at most `slots` renders at once and starts the others in arrival order', async () => {
    const render = createRenderQueue(2);
    const started: number[] = [];
    const finish = Array.from({ length: 5 }, deferred);
    const answers = finish.map((gate, index) =>
      render(new Request(`http://store.test/${index}`), async () => {
        started.push(index);
        await gate.promise;
        return new Response(String(index));
      }),
    );
    await settle();
    expect(started).toEqual([0, 1]);
    finish[1]?.resolve();
    await settle();
    expect(started).toEqual([0, 1, 2]);
    finish[0]?.resolve();
    finish[2]?.resolve();
    await settle();
    expect(started).toEqual([0, 1, 2, 3, 4]);
    finish[3]?.resolve();
    finish[4]?.resolve();
    expect(await Promise.all(answers.map(async (answer) => (await answer).text()))).toEqual(['0', '1', '2', '3', '4']);
  });

  it('does not render for a client that left while its request waited', async () => {
    const render = createRenderQueue(1);
    const first = deferred();
    const left = new AbortController();
    let rendered = 0;
    const work = async () => {
      rendered++;
      await first.promise;
      return new Response('page');
    };
    const answers = [
      render(new Request('http://store.test/a'), work),
      render(new Request('http://store.test/b', { signal: left.signal }), work),
    ];
    left.abort();
    first.resolve();
    const [kept, dropped] = await Promise.all(answers);
    expect(kept?.status).toBe(200);
    expect(dropped?.status).toBe(503);
    expect(rendered).toBe(1);
  });

  it('frees the slot when a render fails', async () => {
    const render = createRenderQueue(1);
    const failed = render(new Request('http://store.test/a'), async () => {
      throw new Error('shell error');
    });
    const next = render(new Request('http://store.test/b'), async () => new Response('next'));
    await expect(failed).rejects.toThrow('shell error');
    expect(await (await next).text()).toBe('next');
  });
});

describe('createRenderQueue(0)', () => {
  it('runs every render at once', async () => {
    const render = createRenderQueue(0);
    const gate = deferred();
    let running = 0;
    const answers = Array.from({ length: 10 }, (_, index) =>
      render(new Request(`http://store.test/${index}`), async () => {
        running++;
        await gate.promise;
        return new Response('page');
      }),
    );
    await settle();
    expect(running).toBe(10);
    gate.resolve();
    await Promise.all(answers);
  });
});

describe('clientLeftSignal', () => {
  let server: Server | undefined;
  afterEach(() => new Promise<void>((done) => (server ? server.close(() => done()) : done())));

  /** A loopback server whose answers wait for `answer`; each request's signal is handed to `seen`. */
  async function listen(answer: Promise<void>, seen: (signal: AbortSignal, closed: Promise<void>) => void) {
    server = createServer((_request, response) => {
      const signal = clientLeftSignal(response);
      seen(signal, new Promise((done) => response.once('close', () => setImmediate(done))));
      answer.then(() => response.end('page'));
    });
    await new Promise<void>((done) => server?.listen(0, '127.0.0.1', done));
    return (server.address() as AddressInfo).port;
  }

  it('aborts when the client leaves before its answer, and not once the answer was sent', async () => {
    const gate = deferred();
    const signals: { signal: AbortSignal; closed: Promise<void> }[] = [];
    const port = await listen(gate.promise, (signal, closed) => signals.push({ signal, closed }));

    // A client that leaves while its page waits.
    const left = httpRequest({ host: '127.0.0.1', port, path: '/a' });
    left.on('error', () => {});
    left.end();
    while (signals.length < 1) await settle();
    left.destroy();
    await signals[0]?.closed;
    expect(signals[0]?.signal.aborted).toBe(true);

    // A client that gets its whole answer, then closes.
    const body = new Promise<string>((done) => {
      httpRequest({ host: '127.0.0.1', port, path: '/b', agent: false }, (response) => {
        let text = '';
        response.on('data', (chunk: Buffer) => {
          text += chunk;
        });
        response.on('end', () => done(text));
      }).end();
    });
    while (signals.length < 2) await settle();
    gate.resolve();
    expect(await body).toBe('page');
    await signals[1]?.closed;
    expect(signals[1]?.signal.aborted).toBe(false);
  });
});
