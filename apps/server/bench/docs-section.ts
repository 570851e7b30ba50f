// A benchmark's own run in docs/benchmarks.md: the text between `<!-- bench:<name>:start -->` and
// `<!-- bench:<name>:end -->`, replaced by each run. What people wrote outside the markers (notes
// on earlier runs below the table) stays; a file without the markers gets the section at its end.
// (The web benchmarks, plain Node scripts, have the same in `apps/web/bench/docs-section.mjs`.)
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const BENCHMARKS_DOC = join(
  resolve(dirname(fileURLToPath(import.meta.url)), '../../..'),
  'docs',
  'benchmarks.md',
);

export function replaceDocsSection(path: string, name: string, section: string): void {
  const start = `<!-- bench:${name}:start -->`;
  const end = `<!-- bench:${name}:end -->`;
  const marked = `${start}\n${section.trimEnd()}\n${end}`;
  const text = existsSync(path) ? readFileSync(path, 'utf8') : '# Benchmarks\n';
  const from = text.indexOf(start);
  const to = from === -1 ? -1 : text.indexOf(end, from);
  writeFileSync(
    path,
    to === -1 ? `${text.trimEnd()}\n\n${marked}\n` : `${text.slice(0, from)}${marked}${text.slice(to + end.length)}`,
  );
}
