import type { Config } from '@react-router/dev/config';
import { precompressClientBuild } from './vite-plugins/precompress.ts';

export default {
  ssr: true,
  appDirectory: 'app',
  buildDirectory: 'build',
  // Brotli and gzip copies of the client build's text files, which the server sends as they are
  // (vite-plugins/precompress.ts).
  buildEnd: precompressClientBuild,
  future: {
    // Loaders and actions get the request as it came, not a copy rebuilt without React Router's
    // own `.data` suffix and `index`/`_routes` parameters: two `URL`s and two `Request`s less per
    // loader of every page. What they read of the address comes from their `url` argument, which
    // keeps that normalization (docs/benchmarks.md, "Product page against its render floor").
    v8_passThroughRequests: true,
  },
} satisfies Config;
