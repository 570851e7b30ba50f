// The in-process parts of `npm run bench:render` (docs/benchmarks.md, "Product page against its
// render floor"): the product page captured from one request of an in-process app, the floor
// (React rendering that document alone) and the framework part (React Router's document request
// with the page's data from memory). The servers, rounds and table are render-floor.ts's.
import { createRequire } from 'node:module';
import { type Readable, Writable } from 'node:stream';
import { pathToFileURL } from 'node:url';
import { createDatabase } from '@everdeal/db';
import type { ReactElement } from 'react';
import type { renderToPipeableStream as RenderToPipeableStream } from 'react-dom/server';
import type { AppLoadContext, EntryContext, ServerBuild } from 'react-router';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/plugins/config';

type EntryModule = {
  default: (
    request: Request,
    status: number,
    headers: Headers,
    context: EntryContext,
    loadContext: AppLoadContext,
  ) => Promise<Response>;
  documentElement: (context: EntryContext, url: string, nonce: string | undefined) => ReactElement;
  progressiveChunkSize: number;
  createRequestHandler: (
    build: ServerBuild,
    mode: string,
  ) => (request: Request, context: AppLoadContext) => Promise<Response>;
  nodeBodyOf: (response: Response) => Readable | undefined;
};
export type CapturedPage = { entry: EntryModule; context: EntryContext; url: string; nonce: string | undefined };
type PageLoader = (args: unknown) => Promise<unknown>;
/** The captured page, and its route's loader called again with the same arguments on a live in-process app. */
export type Capture = {
  page: CapturedPage;
  loadPageData: () => Promise<unknown>;
  /** The page through React Router's request handler, its route's data from memory; answers the bytes. */
  handlePage: () => Promise<number>;
  close: () => Promise<void>;
};
/**
 * The product page's router context as the app hands it to React: the web build's entry is wrapped
 * for one request of an in-process app (the same build, database and load context as the server).
 */
export async function capturePage(options: {
  webBuildPath: string;
  dbUrl: string;
  dataDir: string;
  slug: string;
  /** The server's public address, as the benchmark's servers have it. */
  publicUrl: string;
  /** The request's headers: a browser's, as every request of the benchmark. */
  headers: Record<string, string>;
}): Promise<Capture> {
  const { webBuildPath, dbUrl, dataDir, slug, publicUrl, headers: requestHeaders } = options;
  const build = (await import(pathToFileURL(webBuildPath).href)) as ServerBuild;
  const entry = build.entry.module as unknown as EntryModule;
  const productRoute = build.routes['routes/product'];
  const loader = productRoute?.module.loader as PageLoader | undefined;
  if (!productRoute || !loader) throw new Error('capture: the build has no product route with a loader');
  const routeModule = productRoute.module;
  let loaderArgs: unknown;
  let loaderData: unknown;
  (productRoute as { module: unknown }).module = {
    ...routeModule,
    loader: async (args: unknown) => {
      loaderArgs ??= args;
      const data = await loader(args);
      loaderData ??= data;
      return data;
    },
  };
  let captured: CapturedPage | undefined;
  let capturedLoadContext: AppLoadContext | undefined;
  const capturing: EntryModule = {
    ...entry,
    default: (request, status, headers, context, loadContext) => {
      captured = { entry, context, url: request.url, nonce: loadContext.cspNonce as string | undefined };
      capturedLoadContext = loadContext;
      return entry.default(request, status, headers, context, loadContext);
    },
  };
  (build.entry as { module: unknown }).module = capturing;
  const database = await createDatabase({ databaseUrl: dbUrl });
  const app = await buildApp({
    config: loadConfig({
      NODE_ENV: 'production',
      DATA_DIR: dataDir,
      DATABASE_URL: dbUrl,
      CATALOG_CACHE_TTL_MS: '0',
      LOG_LEVEL: 'silent',
      PUBLIC_URL: publicUrl,
    }),
    database,
    pagesMode: 'production',
    jobs: 'off',
  });
  const close = async () => {
    await app.close();
    await database.close();
  };
  try {
    const response = await app.inject({ url: `/products/${slug}`, headers: requestHeaders });
    if (response.statusCode !== 200) throw new Error(`capture: ${response.statusCode}`);
  } catch (error) {
    await close();
    throw error;
  } finally {
    (build.entry as { module: unknown }).module = entry;
  }
  if (!captured || !loaderArgs || !capturedLoadContext)
    throw new Error('capture: the entry or the loader was not called');
  const page = captured;
  const loadContext = capturedLoadContext;
  // From here on the route answers the captured data from memory: the framework part reads nothing.
  (productRoute as { module: unknown }).module = { ...routeModule, loader: async () => loaderData };
  const handler = entry.createRequestHandler(build, 'production');
  const handlePage = async () => {
    const response = await handler(new Request(page.url, { headers: requestHeaders }), { ...loadContext });
    if (response.status !== 200) throw new Error(`framework part: ${response.status}`);
    const body = entry.nodeBodyOf(response);
    if (!body) throw new Error('framework part: the entry gave no Node body');
    let bytes = 0;
    for await (const piece of body) bytes += (piece as Buffer).length;
    // After one turn of the event loop, as the floor and the server's next request.
    await new Promise((done) => setImmediate(done));
    return bytes;
  };
  // The app stays open: the loader's reads go through its services, caches off as in the server.
  return { page, loadPageData: () => loader(loaderArgs), handlePage, close };
}

/** The floor: one render of the captured document by React alone; answers the bytes written. */
export function createFloor(page: CapturedPage, webBuildPath: string) {
  const { entry } = page;
  // The build's own react-dom (and through it its React), not a copy of this package's.
  const { renderToPipeableStream } = createRequire(webBuildPath)('react-dom/server') as {
    renderToPipeableStream: typeof RenderToPipeableStream;
  };
  // Without the stream of loader data the app writes into the page for hydration.
  const context: EntryContext = { ...page.context, serverHandoffStream: undefined };
  return () =>
    new Promise<number>((done, fail) => {
      let bytes = 0;
      const sink = new Writable({
        write(chunk: Buffer, _encoding, next) {
          bytes += chunk.length;
          next();
        },
        final(next) {
          next();
          // After one turn of the event loop, as the server's next request comes: a render ends
          // in microtasks, and React's own immediate for it (which holds the render) ran only
          // once the whole round was done, so every page of a round stayed alive to be promoted
          // by the collector, a cost the app does not pay (docs/benchmarks.md).
          setImmediate(() => done(bytes));
        },
      });
      const { pipe } = renderToPipeableStream(entry.documentElement(context, page.url, page.nonce), {
        nonce: page.nonce,
        progressiveChunkSize: entry.progressiveChunkSize,
        onShellReady: () => pipe(sink),
        onShellError: fail,
        onError: fail,
      });
    });
}
