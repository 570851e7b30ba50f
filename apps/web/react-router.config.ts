import type { Config } from '@react-router/dev/config';
import { precompressClientBuild } from './vite-plugins/precompress.ts';

export default {
  ssr: true,
  appDirectory: 'app',
  buildDirectory: 'build',
  // Brotli and gzip copies of the client build's text files, which the server sends as they are
  // (vite-plugins/precompress.ts).
  buildEnd: precompressClientBuild,
} satisfies Config;
