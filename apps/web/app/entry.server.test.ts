import { Agent, createServer, request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Readable } from 'node:stream';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { createElement, Suspense, use } from 'react';
import { type AppLoadContext, createStaticHandler, type EntryContext } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import handleRequest, { lazyWebStream, nodeBodyOf, streamTimeout } from './entry.server';

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

/** The router context of a one-route app rendering a paragraph, as React Router hands it over. */
async function routerContextFor(
  url: string,
  Page: () => unknown = () => createElement('p', null, 'Every deal, paid once'),
): Promise<EntryContext> {
  const staticHandlerContext = await createStaticHandler([{ id: 'root', path: '' }]).query(new Request(url));
  if (staticHandlerContext instanceof Response) throw new Error(`${url} answered ${staticHandlerContext.status}`);
  const root = {
    id: 'root',
    path: '',
    hasLoader: false,
    hasAction: false,
    hasClientAction: false,
    hasClientLoader: false,
    hasClientMiddleware: false,
    hasErrorBoundary: false,
    module: '/root.js',
    imports: [],
    css: [],
  };
  return {
    manifest: {
      entry: { module: '/entry.client.js', imports: [], css: [] },
      routes: { root },
      url: '/m.js',
      version: '1',
    },
    routeModules: { root: { default: Page } },
    staticHandlerContext,
    serverHandoffString: '{}',
    future: {},
    isSpaMode: false,
    ssr: true,
    routeDiscovery: { mode: 'lazy', manifestPath: '/__manifest' },
    renderMeta: {},
  } as unknown as EntryContext;
}

describe('a rendered document', () => {
  afterEach(() => vi.restoreAllMocks());

  // The abort timer holds the whole render: left to run, it kept every page of the last six
  // seconds alive (docs/benchmarks.md, "Product page against its render floor").
  for (const [who, userAgent] of [
    ['a browser (streamed)', 'Mozilla/5.0 (X11; Linux x86_64) Chrome/131.0'],
    ['a crawler (whole)', 'Googlebot/2.1 (+http://www.google.com/bot.html)'],
  ] as const) {
    it(`clears its abort timer once rendered for ${who}`, async () => {
      const setTimer = vi.spyOn(globalThis, 'setTimeout');
      const clearTimer = vi.spyOn(globalThis, 'clearTimeout');
      const url = 'http://store.test/';
      const request = new Request(url, { headers: { 'user-agent': userAgent } });
      const response = (await handleRequest(request, 200, new Headers(), await routerContextFor(url), {
        cspNonce: 'nonce',
      } as unknown as AppLoadContext)) as Response;
      const body = nodeBodyOf(response);
      expect(Buffer.concat((await body?.toArray()) ?? []).toString()).toContain('Every deal, paid once');
      const abortTimers = setTimer.mock.calls.flatMap((call, index) =>
        call[1] === streamTimeout + 1000 ? [setTimer.mock.results[index]?.value] : [],
      );
      expect(abortTimers).toHaveLength(1);
      expect(clearTimer).toHaveBeenCalledWith(abortTimers[0]);
    });
  }

  it('clears its abort timer when the page fails before anything was sent', async () => {
    const setTimer = vi.spyOn(globalThis, 'setTimeout');
    const clearTimer = vi.spyOn(globalThis, 'clearTimeout');
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const url = 'http://store.test/';
    const failing = () => {
      throw new Error('the shell failed');
    };
    await expect(
      handleRequest(new Request(url), 200, new Headers(), await routerContextFor(url, failing), {
        cspNonce: 'nonce',
      } as unknown as AppLoadContext),
    ).rejects.toThrow('the shell failed');
    const abortTimers = setTimer.mock.calls.flatMap((call, index) =>
      call[1] === streamTimeout + 1000 ? [setTimer.mock.results[index]?.value] : [],
    );
    expect(abortTimers).toHaveLength(1);
    expect(clearTimer).toHaveBeenCalledWith(abortTimers[0]);
  });
});

describe('a sent document', () => {
  let close = async () => {};
  afterEach(() => close());

  // React renders inside an AsyncLocalStorage whose store is the render's request. Whatever is
  // started from it keeps that context: the keep-alive timer Node sets on the socket when the
  // answer ends held React's request and the answer for as long as the connection stayed open.
  it('is not held by the connection it was sent on once it has been sent', async () => {
    setFlagsFromString('--expose-gc');
    const collectGarbage = runInNewContext('gc') as () => void;
    let sent: WeakRef<Response> | undefined;
    // A part that comes later, so that React writes it (and ends the answer) from inside its render.
    const later = new Promise<string>((resolve) => setTimeout(() => resolve('paid once'), 20));
    const Later = () => createElement('span', null, use(later));
    const Page = () =>
      createElement('p', null, 'Every deal, ', createElement(Suspense, { fallback: '…' }, createElement(Later)));
    const server = createServer((incoming, outgoing) => {
      const url = `http://store.test${incoming.url}`;
      void routerContextFor(url, Page).then(async (context) => {
        const response = (await handleRequest(new Request(url), 200, new Headers(), context, {
          cspNonce: 'nonce',
        } as unknown as AppLoadContext)) as Response;
        sent = new WeakRef(response);
        outgoing.writeHead(response.status, { 'content-type': 'text/html' });
        nodeBodyOf(response)?.pipe(outgoing);
      });
    });
    await new Promise<void>((listening) => server.listen(0, '127.0.0.1', listening));
    const agent = new Agent({ keepAlive: true });
    close = async () => {
      agent.destroy();
      await new Promise((closed) => server.close(closed));
    };
    const page = await new Promise<string>((done, fail) => {
      httpRequest({ port: (server.address() as AddressInfo).port, path: '/', agent }, (answer) => {
        const bytes: Buffer[] = [];
        answer.on('data', (piece: Buffer) => bytes.push(piece));
        answer.on('end', () => done(Buffer.concat(bytes).toString()));
      })
        .on('error', fail)
        .end();
    });
    expect(page).toContain('paid once');
    // The connection is still open (keep-alive), waiting for the next request.
    expect(Object.values(agent.freeSockets).flat()).toHaveLength(1);
    await new Promise((turn) => setImmediate(turn));
    collectGarbage();
    expect(sent).toBeDefined();
    expect(sent?.deref()).toBeUndefined();
  });
});
