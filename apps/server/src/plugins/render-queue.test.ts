import { describe, expect, it } from 'vitest';
import { createRenderQueue } from './render-queue';

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
