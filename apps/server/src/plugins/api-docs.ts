import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { gzipSync } from 'node:zlib';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { buildOpenApiDocument } from './openapi';

/**
 * The API reference (docs/operations.md "API reference"): `GET /api/openapi.json` is the OpenAPI
 * document; `GET /api/docs` is a browsable page of it for a browser (Swagger UI, from the
 * swagger-ui-dist package, served by us: no CDN) and the same JSON for everything else, as it
 * always answered. The page runs under the site's Content-Security-Policy unchanged: Swagger UI
 * and our start script are files from 'self' (no inline script, no eval), its inline style
 * attributes are what style-src already admits for React, its icons are data: images.
 */

// Found through the package at run time, as the migrations are (packages/db): bundling cannot move it.
const swaggerUiRoot = dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'));
const { version: swaggerUiVersion } = createRequire(import.meta.url)('swagger-ui-dist/package.json') as {
  version: string;
};

/** Where the page's files live: versioned, so browsers may keep them for good. */
const ASSETS = `/api/docs/assets/${swaggerUiVersion}`;

/** Only these files of the package are served (no source maps, no demo page pointing elsewhere). */
const SWAGGER_FILES: Record<string, string> = {
  'swagger-ui-bundle.js': 'application/javascript; charset=utf-8',
  'swagger-ui.css': 'text/css; charset=utf-8',
};

// Starts Swagger UI on our document. Not the package's swagger-initializer.js: that one loads the
// Petstore from the internet. The validator badge would call validator.swagger.io: off.
const START_SCRIPT = `window.addEventListener('load', function () {
  window.ui = SwaggerUIBundle({
    url: '/api/openapi.json',
    dom_id: '#swagger-ui',
    deepLinking: true,
    validatorUrl: null,
    presets: [SwaggerUIBundle.presets.apis],
    layout: 'BaseLayout',
    defaultModelsExpandDepth: 0,
    docExpansion: 'list',
    filter: true,
  });
});
`;

// The page's own frame around Swagger UI: a header naming the raw document, readable at 375 px.
const PAGE_STYLE = `body { margin: 0; font-family: system-ui, sans-serif; color: #1f2937; background: #fff; }
.api-header { display: flex; flex-wrap: wrap; gap: 0.5rem 1.5rem; align-items: baseline; padding: 1rem 1.25rem; border-bottom: 1px solid #e5e7eb; }
.api-header h1 { margin: 0; font-size: 1.25rem; }
.api-header a { color: #5b21b6; }
.api-header a:focus-visible { outline: 2px solid #5b21b6; outline-offset: 2px; }
.swagger-ui .wrapper { padding: 0 1rem; box-sizing: border-box; }
.swagger-ui .opblock .opblock-summary-path { word-break: break-all; }
`;

const PAGE = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Everdeal API reference</title>
<meta name="robots" content="noindex">
<link rel="stylesheet" href="${ASSETS}/swagger-ui.css">
<link rel="stylesheet" href="/api/docs/assets/page.css">
</head>
<body>
<header class="api-header">
<h1>Everdeal API reference</h1>
<a href="/api/openapi.json">OpenAPI document (JSON)</a>
<a href="/">Back to the store</a>
</header>
<main id="swagger-ui" aria-label="API calls"><noscript><p>This reference needs JavaScript; the same calls are in the <a href="/api/openapi.json">OpenAPI document</a>.</p></noscript></main>
<script src="${ASSETS}/swagger-ui-bundle.js"></script>
<script src="/api/docs/assets/start.js"></script>
</body>
</html>
`;

/** A browser asks for HTML; fetch, curl and the tests ask for anything, and keep getting JSON. */
function wantsPage(request: FastifyRequest): boolean {
  return (request.headers.accept ?? '').includes('text/html');
}

/** Routes inside the `/api` scope (plugins/api.ts), so an unknown `/api/docs/...` answers its JSON 404. */
export function registerApiDocs(api: FastifyInstance) {
  // Read and gzipped once per process: 1.7 MB of script is not compressed again on every load.
  const cache = new Map<string, { plain: Buffer; gzipped: Buffer }>();
  api.get('/openapi.json', async () => buildOpenApiDocument());
  api.get('/docs', async (request, reply) => {
    reply.header('vary', 'Accept');
    if (!wantsPage(request)) return buildOpenApiDocument();
    return reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(PAGE);
  });
  api.get('/docs/assets/start.js', async (_request, reply) =>
    reply.type('application/javascript; charset=utf-8').header('cache-control', 'no-cache').send(START_SCRIPT),
  );
  api.get('/docs/assets/page.css', async (_request, reply) =>
    reply.type('text/css; charset=utf-8').header('cache-control', 'no-cache').send(PAGE_STYLE),
  );
  api.get<{ Params: { file: string } }>(`/docs/assets/${swaggerUiVersion}/:file`, async (request, reply) => {
    const { file } = request.params;
    const type = SWAGGER_FILES[file];
    if (!type) return reply.callNotFound();
    let body = cache.get(file);
    if (!body) {
      const plain = await readFile(join(swaggerUiRoot, file));
      body = { plain, gzipped: gzipSync(plain) };
      cache.set(file, body);
    }
    reply.type(type).header('cache-control', 'public, max-age=31536000, immutable').header('vary', 'Accept-Encoding');
    // An answer that already names its encoding is left alone by the compression plugin.
    if (/\bgzip\b/.test(String(request.headers['accept-encoding'] ?? ''))) {
      return reply.header('content-encoding', 'gzip').send(body.gzipped);
    }
    return reply.send(body.plain);
  });
}
