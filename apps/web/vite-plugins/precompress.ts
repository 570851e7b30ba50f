import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Config } from '@react-router/dev/config';

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

type BuildEndArguments = Parameters<NonNullable<Config['buildEnd']>>[0];

/** Files worth compressing: text, and the icon (a bitmap). Images and fonts are compressed already. */
export const compressibleFile = /\.(js|mjs|css|svg|json|txt|xml|webmanifest|html|ico)$/;

export type PrecompressReport = { files: number; bytes: number; brotliBytes: number; gzipBytes: number };

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries.filter((entry) => entry.isFile()).map((entry) => join(entry.parentPath, entry.name));
}

/**
 * Writes `<file>.br` (Brotli at its best quality, 11) and `<file>.gz` (gzip level 9) beside every
 * compressible file under `dir`, each only where it is smaller than the file itself. The server
 * sends these copies as they are (`preCompressed` in `apps/server/src/plugins/ssr.ts`), so an
 * asset costs no compression per request, and the browser gets the smaller copy: the quality the
 * server compresses answers with on the fly (4) left the framework chunk 16% larger
 * (docs/benchmarks.md, "First-load JavaScript").
 */
export async function precompressDirectory(dir: string): Promise<PrecompressReport> {
  const files = (await filesUnder(dir)).filter((file) => compressibleFile.test(file));
  const report: PrecompressReport = { files: files.length, bytes: 0, brotliBytes: 0, gzipBytes: 0 };
  await Promise.all(
    files.map(async (file) => {
      const content = await readFile(file);
      const [asBrotli, asGzip] = await Promise.all([
        brotli(content, {
          params: {
            [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
            [constants.BROTLI_PARAM_MODE]: file.endsWith('.ico')
              ? constants.BROTLI_MODE_GENERIC
              : constants.BROTLI_MODE_TEXT,
            [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
          },
        }),
        gzipped(content, { level: constants.Z_BEST_COMPRESSION }),
      ]);
      report.bytes += content.length;
      report.brotliBytes += Math.min(asBrotli.length, content.length);
      report.gzipBytes += Math.min(asGzip.length, content.length);
      if (asBrotli.length < content.length) await writeFile(`${file}.br`, asBrotli);
      if (asGzip.length < content.length) await writeFile(`${file}.gz`, asGzip);
    }),
  );
  return report;
}

/**
 * React Router's `buildEnd` hook (react-router.config.ts): precompresses the client build once
 * both builds are written, as React Router writes the browser's route manifest
 * (`assets/manifest-*.js`) during the server build, after the client's.
 */
export async function precompressClientBuild({ reactRouterConfig, viteConfig }: BuildEndArguments): Promise<void> {
  const clientDir = resolve(viteConfig.root, reactRouterConfig.buildDirectory, 'client');
  const report = await precompressDirectory(clientDir);
  const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
  viteConfig.logger.info(
    `precompressed ${report.files} files of the client build: ${kb(report.bytes)} → brotli ${kb(report.brotliBytes)}, gzip ${kb(report.gzipBytes)}`,
  );
}
