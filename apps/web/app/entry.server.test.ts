import { Readable } from 'node:stream';
import { createElement } from 'react';
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
