import { randomBytes } from 'node:crypto';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { Readable } from 'node:stream';
import { pathToFileURL } from 'node:url';
import type { StorefrontLoadContext } from '@everdeal/contracts';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { createRequestHandler, ServerBuild } from 'react-router';
import type { AnswerCache } from '../lib/answer-cache';
import type { ReadRecorder } from '../lib/cache-tags';
import { sendApiNotFound } from './errors';
import {
  type PageFacts,
  type PageLifetimes,
  pageCacheFacts,
  pageFactsRecorder,
  sharedCacheHeaders,
} from './page-cache-headers';
import { clientLeftSignal, createRenderQueue } from './render-queue';

export const webRoot = dirname(createRequire(import.meta.url).resolve('@everdeal/web/package.json'));

export type SsrOptions = {
  /**
   * `production` serves the web build; `development` compiles the sources through Vite with hot
   * reload; `test` compiles them too, without hot reload or file watching (no port, no watchers),
   * so page tests always render the code in the tree without a build.
   */
  mode: 'production' | 'development' | 'test';
  /** `seen` is told what each read of the render shows (decision 044), when the page is to be kept. */
  loadContext: (request: FastifyRequest, seen?: ReadRecorder) => Omit<StorefrontLoadContext, 'buildId'>;
  /**
   * Reuses rendered GET answers (decisions 004, 044). Pages are the same for every visitor (the
   * session lives in the browser), so only the CSP nonce differs between two answers.
   */
  pageCache?: AnswerCache | undefined;
  /** How long the page cache keeps pages with and without tags: also what a CDN is told. */
  cacheLifetimes?: PageLifetimes;
  /** Pages rendered at once, the others waiting in arrival order (`render-queue.ts`); 0 = no limit. */
  renderSlots?: number;
};

/**
 * A rendered page kept by the page cache: its body as UTF-8 bytes cut where the secret nonce it
 * was rendered with stood, so an answer is the pieces joined by its own nonce (no string
 * replace and re-encoding of the whole page per request).
 */
type RenderedPage = {
  status: number;
  headers: [string, string][];
  /** Views of one buffer, the render's whole body: `heldBytes` is its size, what the cache keeps alive. */
  pieces: Buffer[];
  heldBytes: number;
  facts: PageFacts;
};

function bodyWithNonce(page: RenderedPage, nonce: string): Buffer {
  const stamp = Buffer.from(nonce);
  return Buffer.concat(page.pieces.flatMap((piece, index) => (index === 0 ? [piece] : [stamp, piece])));
}

/** Only plain successful answers are shared: never one that sets a cookie or asks not to be stored. */
function isShareable(page: RenderedPage): boolean {
  return (
    page.status === 200 &&
    page.headers.every(
      ([name, value]) => name !== 'set-cookie' && !(name === 'cache-control' && /no-store|private/.test(value)),
    )
  );
}

/**
 * Turns Fastify's request into the Web `Request` React Router expects. Without a reply the
 * render is not tied to one client: a shared render must not stop when its first asker leaves.
 */
function toWebRequest(request: FastifyRequest, reply?: FastifyReply): Request {
  const url = new URL(request.url, `${request.protocol}://${request.host}`);
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (value === undefined) continue;
    for (const item of Array.isArray(value) ? value : [value]) headers.append(name, item);
  }
  const hasBody = request.method !== 'GET' && request.method !== 'HEAD';
  return new Request(url, {
    method: request.method,
    headers,
    ...(reply ? { signal: clientLeftSignal(reply.raw) } : {}),
    ...(hasBody ? { body: Readable.toWeb(request.raw) as ReadableStream, duplex: 'half' } : {}),
  } as RequestInit);
}

/**
 * What the web build's `entry.server.tsx` exports beside React Router's entry: its own React
 * Router's request handler, so a page is matched, loaded and rendered by one copy of the router
 * (the one the build patches, decision 049), and the Node stream behind a rendered document's Web
 * body, which the server sends as it is instead of adapting the Web stream back into a Node one.
 */
type ServerEntryExtras = {
  createRequestHandler?: typeof createRequestHandler;
  nodeBodyOf?: (response: Response) => Readable | undefined;
};

function rendererOf(build: ServerBuild, mode: 'production' | 'development') {
  const extras = build.entry.module as ServerEntryExtras;
  if (!extras.createRequestHandler) {
    throw new Error(
      "apps/web/app/entry.server.tsx must export React Router's createRequestHandler (decision 049); " +
        'a build made before it did not: run `npm run build`',
    );
  }
  return {
    handler: extras.createRequestHandler(build, mode),
    nodeBodyOf: extras.nodeBodyOf ?? (() => undefined),
  };
}

/** The whole body of an answer, as the bytes it was written in. */
async function bodyBytes(response: Response, nodeBody: Readable | undefined): Promise<Buffer> {
  if (!nodeBody) return Buffer.from(await response.arrayBuffer());
  return Buffer.concat(await nodeBody.toArray());
}

/**
 * `body` cut at every occurrence of `marker`, as views of its bytes. The nonce is ASCII and UTF-8
 * never writes an ASCII byte inside a longer character, so the cuts are where a split of the
 * decoded text would make them: decoding the page and encoding each piece again cost a kept page's
 * first render 140-200 µs (the product page holds its nonce 40 times), its bytes 20-30 µs
 * (docs/benchmarks.md, "Crawl as a search engine").
 */
export function splitAt(body: Buffer, marker: Buffer): Buffer[] {
  // An empty marker is found at every position without moving past it.
  if (marker.length === 0) throw new Error('splitAt: the marker is empty');
  const pieces: Buffer[] = [];
  let from = 0;
  for (let at = body.indexOf(marker); at !== -1; at = body.indexOf(marker, from)) {
    pieces.push(body.subarray(from, at));
    from = at + marker.length;
  }
  pieces.push(body.subarray(from));
  return pieces;
}

/** Sends a Web `Response` back through Fastify so compression and onSend hooks still apply. */
function sendWebResponse(
  reply: FastifyReply,
  response: Response,
  nodeBody: Readable | undefined,
  overrides: [string, string][] = [],
) {
  reply.status(response.status);
  for (const [name, value] of response.headers) {
    if (name !== 'set-cookie') reply.header(name, value);
  }
  for (const [name, value] of overrides) reply.header(name, value);
  const cookies = response.headers.getSetCookie();
  if (cookies.length > 0) reply.header('set-cookie', cookies);
  if (!response.body) return reply.send();
  if (nodeBody) return reply.send(nodeBody);
  return reply.send(Readable.fromWeb(response.body as import('node:stream/web').ReadableStream));
}

async function loadBuildResolver(app: FastifyInstance, mode: SsrOptions['mode']): Promise<() => Promise<ServerBuild>> {
  if (mode !== 'production') {
    // Vite in middleware mode: modules are transformed on request and hot-reloaded.
    const [{ createServer }, { default: middie }] = await Promise.all([import('vite'), import('@fastify/middie')]);
    const vite = await createServer({
      root: webRoot,
      appType: 'custom',
      server:
        mode === 'test'
          ? { middlewareMode: true, hmr: false, watch: null, ws: false }
          : { middlewareMode: true, hmr: { host: '127.0.0.1' } },
    });
    app.addHook('onClose', () => vite.close());
    await app.register(middie);
    app.use(vite.middlewares);
    return () => vite.ssrLoadModule('virtual:react-router/server-build') as Promise<ServerBuild>;
  }
  const build = (await import(pathToFileURL(join(webRoot, 'build/server/index.js')).href)) as ServerBuild;
  return async () => build;
}

/** The Brotli and gzip copies the web build writes beside its files (vite-plugins/precompress.ts). */
const compressedCopies = ['**/*.br', '**/*.gz'];

/**
 * Static files and server-rendered pages. Hashed assets are cached for a year; other files in
 * the client build (favicon, robots) for an hour; every other path is a React Router page. Each
 * file is sent as the build's Brotli or gzip copy when the browser accepts one (`preCompressed`),
 * so no asset is compressed per request; the copies are not paths of their own.
 */
export async function registerSsr(app: FastifyInstance, options: SsrOptions) {
  const getBuild = await loadBuildResolver(app, options.mode);
  if (options.mode === 'production') {
    const clientDir = join(webRoot, 'build/client');
    await app.register(fastifyStatic, {
      root: join(clientDir, 'assets'),
      prefix: '/assets/',
      wildcard: false,
      preCompressed: true,
      globIgnore: compressedCopies,
      immutable: true,
      maxAge: '365d',
    });
    await app.register(fastifyStatic, {
      root: clientDir,
      prefix: '/',
      wildcard: false,
      decorateReply: false,
      preCompressed: true,
      globIgnore: ['assets/**', '.vite/**', ...compressedCopies],
      maxAge: '1h',
    });
  }
  const build = await getBuild();
  const buildId = build.assets.version;
  // Production builds one handler, and so do tests (their sources do not change under them; in
  // production mode React Router skips development's per-request critical CSS, which took half
  // of a test render). Development asks Vite for the latest build on each request.
  // The handler and the reader of its documents' Node bodies come from one build.
  const fixedRenderer = options.mode === 'development' ? undefined : rendererOf(build, 'production');
  const rendererFor = async () => fixedRenderer ?? rendererOf(await getBuild(), 'development');
  const renderQueue = createRenderQueue(options.renderSlots ?? 0);

  app.get('/build-meta.json', async (_request, reply) => reply.header('cache-control', 'no-store').send({ buildId }));

  await app.register(async (pages) => {
    // Page actions read their own bodies (forms, uploads), so no Fastify parser may consume them.
    pages.removeAllContentTypeParsers();
    pages.addContentTypeParser('*', (_request, _payload, done) => done(null));
    pages.route({
      method: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'],
      url: '/*',
      handler: async (request, reply) => {
        if (request.url === '/api' || request.url.startsWith('/api/')) return sendApiNotFound(request, reply);
        const { handler, nodeBodyOf } = await rendererFor();
        const handle: typeof handler = (webRequest, context) =>
          renderQueue(webRequest, () => handler(webRequest, context));
        // Rendered for this request alone and streamed: what every uncached answer gets.
        const renderOwn = async (overrides?: [string, string][]) => {
          const response = await handle(toWebRequest(request, reply), { ...options.loadContext(request), buildId });
          return sendWebResponse(reply, response, nodeBodyOf(response), overrides);
        };
        const { pageCache } = options;
        if (!pageCache || request.method !== 'GET') return renderOwn();
        // One kept copy per address, rendered whole for crawlers and browsers alike: it is read to
        // its end before anything is sent anyway, and a part streamed after the shell would be
        // swapped into place by a script in every answer for as long as the copy is kept.
        let renderedHere = false;
        const page = await pageCache.get(
          request.url,
          async (): Promise<RenderedPage> => {
            renderedHere = true;
            // A nonce no client ever sees, swapped for each answer's own below: knowing an
            // earlier answer's nonce gives nothing to inject with.
            const nonce = randomBytes(16).toString('base64');
            const { seen, facts } = pageFactsRecorder();
            const response = await handle(toWebRequest(request), {
              ...options.loadContext(request, seen),
              cspNonce: nonce,
              buildId,
              wholeDocument: true,
            });
            const body = await bodyBytes(response, nodeBodyOf(response));
            return {
              status: response.status,
              headers: [...response.headers],
              pieces: splitAt(body, Buffer.from(nonce)),
              heldBytes: body.length,
              facts,
            };
          },
          { keep: isShareable, describe: (rendered) => pageCacheFacts(rendered.facts, rendered.heldBytes) },
        );
        if (!renderedHere && !isShareable(page)) {
          // Someone else's unshareable answer (a cookie, an error) is theirs: render our own,
          // which no shared cache keeps either.
          return renderOwn([['cache-control', 'private, no-store']]);
        }
        reply.status(page.status);
        for (const [name, value] of page.headers) if (name !== 'set-cookie') reply.header(name, value);
        const cookies = page.headers.flatMap(([name, value]) => (name === 'set-cookie' ? [value] : []));
        if (cookies.length > 0) reply.header('set-cookie', cookies);
        // What a CDN in front may keep, and under which tags it is purged (decision 044).
        const lifetimes = options.cacheLifetimes;
        for (const [name, value] of sharedCacheHeaders(page.facts, isShareable(page), lifetimes, Date.now())) {
          reply.header(name, value);
        }
        return reply.send(bodyWithNonce(page, request.cspNonce));
      },
    });
  });
}
