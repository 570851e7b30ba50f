import { AsyncLocalStorage } from 'node:async_hooks';
import { type Readable, Transform, type TransformCallback } from 'node:stream';
import { isbot } from 'isbot';
import { renderToPipeableStream } from 'react-dom/server';
import type { AppLoadContext, EntryContext } from 'react-router';
import { ServerRouter } from 'react-router';

/**
 * The server (`apps/server/src/plugins/ssr.ts`) handles page requests with this build's own React
 * Router, the copy that renders the page: one router per process instead of two, and the one
 * whose route matching the build prefilters (vite-plugins/route-matching.ts).
 */
export { createRequestHandler } from 'react-router';

export const streamTimeout = 5_000;

/**
 * Runs a function in the async context this module was loaded in, where no store is set.
 *
 * React renders inside an `AsyncLocalStorage` of its own whose store is the render's request.
 * Whatever is started from inside takes that context with it: the end of the answer, written when
 * React ends its stream, had Node set the socket's keep-alive timer inside it, and the timer held
 * React's request, the answer and its stream for as long as the connection stayed open (Fastify's
 * 72 s by default). 200 idle keep-alive connections held 8.7 MB that way, none now
 * (docs/benchmarks.md, "Product page against its render floor"). The document's bytes are handed
 * on from outside the render.
 */
const outsideTheRender = AsyncLocalStorage.snapshot();

/**
 * React writes its output in 4 KB pieces and calls `flush()` when a pass is complete (the shell,
 * then each boundary that resolves later). Each piece passed on as it is would cross the stream
 * layers to Fastify's reply and cost a write to the socket of its own: for a 160 KB page that was a tenth of the render's CPU
 * (docs/benchmarks.md, "Server rendering without the page cache"). This stream hands on one
 * buffer per pass instead, so the browser still gets the shell first and each boundary as it
 * resolves.
 */
class PassBuffer extends Transform {
  #pieces: Buffer[] = [];

  override _transform(piece: Buffer, _encoding: BufferEncoding, done: TransformCallback) {
    this.#pieces.push(piece);
    done();
  }

  /** Called by React at the end of each pass. */
  flush() {
    if (this.#pieces.length === 0) return;
    const pass = this.#pieces.length === 1 ? this.#pieces[0] : Buffer.concat(this.#pieces);
    this.#pieces = [];
    outsideTheRender(() => this.push(pass));
  }

  override _flush(done: TransformCallback) {
    this.flush();
    outsideTheRender(done);
  }
}

/**
 * The Node stream behind each document answer's Web body. The server sends that stream to the
 * socket as it is (`plugins/ssr.ts`): piping it through a Web stream and back into a Node one cost
 * a few percent of an uncached page's CPU (docs/benchmarks.md, "Product page against its render
 * floor"). The Web body stays for any other reader, and takes nothing from the stream unless read.
 */
const nodeBodies = new WeakMap<Response, Readable>();

export function nodeBodyOf(response: Response): Readable | undefined {
  return nodeBodies.get(response);
}

/** A Web stream that reads `body` only when it is itself read (a high-water mark of 0 pulls nothing ahead). */
export function lazyWebStream(body: Readable): ReadableStream<Uint8Array> {
  let pieces: AsyncIterator<Buffer> | undefined;
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        pieces ??= body[Symbol.asyncIterator]();
        const next = await pieces.next();
        if (next.done) controller.close();
        else controller.enqueue(next.value);
      },
      cancel(reason) {
        body.destroy(reason instanceof Error ? reason : undefined);
      },
    },
    { highWaterMark: 0 },
  );
}

/**
 * React 19.2 and later move every finished Suspense boundary of more than 500 bytes out of its
 * place once the page has passed `progressiveChunkSize` bytes (12.8 KB by default, which the
 * header alone nearly fills): the boundary is sent as a hidden copy at the end of the document
 * and swapped in by a script, often after the first paint. The category chips on /trending and the
 * product page's gallery are such boundaries (their scripts load lazily), so they appeared late
 * and pushed the page down: CLS 0.061 on /trending, 0.15 on a product page at 1280 px
 * (docs/benchmarks.md, "Layout shift"). Here a finished boundary is always written where it
 * stands; only one still waiting for data is streamed later.
 */
export const progressiveChunkSize = Number.POSITIVE_INFINITY;

/**
 * The document React renders for a request, its routes' data already loaded. Exported for the
 * render floor (`npm run bench:render`, docs/benchmarks.md), which renders this same tree with
 * this build's copy of the router and nothing around it.
 */
export function documentElement(routerContext: EntryContext, url: string, nonce: string | undefined) {
  return <ServerRouter context={routerContext} url={url} nonce={nonce} />;
}

/**
 * Streams the document to browsers as soon as the shell is ready; bots and crawlers, and a render
 * the page cache keeps (`wholeDocument`), get the complete document at once. Inline scripts carry
 * the request's CSP nonce.
 */
export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: AppLoadContext,
) {
  return new Promise((resolve, reject) => {
    let didError = false;
    const userAgent = request.headers.get('user-agent');
    const waitForAll = loadContext.wholeDocument === true || (userAgent && isbot(userAgent)) || routerContext.isSpaMode;
    const nonce = loadContext.cspNonce;
    const respond = () => {
      const body = new PassBuffer();
      responseHeaders.set('Content-Type', 'text/html; charset=utf-8');
      const response = new Response(lazyWebStream(body), {
        headers: responseHeaders,
        status: didError ? 500 : responseStatusCode,
      });
      nodeBodies.set(response, body);
      resolve(response);
      pipe(body);
    };
    const { pipe, abort } = renderToPipeableStream(documentElement(routerContext, request.url, nonce), {
      nonce,
      progressiveChunkSize,
      onShellReady() {
        if (!waitForAll) respond();
      },
      onAllReady() {
        clearTimeout(abortTimer);
        if (waitForAll) respond();
      },
      onShellError(error: unknown) {
        clearTimeout(abortTimer);
        reject(error);
      },
      onError(error: unknown) {
        didError = true;
        console.error(error);
      },
    });
    // Ends a render still waiting for data after the stream's time. Cleared once the render is
    // done: the timer holds `abort`, and through it the whole render, the page's data and markup
    // included. Left to run, it kept every page of the last six seconds alive, to be copied by
    // each young-generation collection and then collected from the old generation
    // (docs/benchmarks.md, "Product page against its render floor").
    const abortTimer = setTimeout(abort, streamTimeout + 1000);
  });
}
