import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { lazyWebStream } from './entry.server';

const pieces = () => Readable.from([Buffer.from('<!DOCTYPE html>'), Buffer.from('<html>…</html>')]);

describe('the Web body of a rendered document', () => {
  it('takes nothing from the Node stream until it is read', async () => {
    const body = pieces();
    lazyWebStream(body);
    await new Promise((resolve) => setTimeout(resolve, 10));
    // The server sends the Node stream itself: all of it is still there.
    expect(Buffer.concat(await body.toArray()).toString()).toBe('<!DOCTYPE html><html>…</html>');
  });

  it('reads the whole document when another reader asks for it', async () => {
    const text = await new Response(lazyWebStream(pieces())).text();
    expect(text).toBe('<!DOCTYPE html><html>…</html>');
  });

  it('stops the Node stream when the reader cancels', async () => {
    const body = pieces();
    const reader = lazyWebStream(body).getReader();
    expect(new TextDecoder().decode((await reader.read()).value)).toBe('<!DOCTYPE html>');
    await reader.cancel();
    expect(body.destroyed).toBe(true);
  });
});
