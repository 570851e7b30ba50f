// A benchmark rewrites only its own run in docs/benchmarks.md, the text between its markers: what
// people wrote below it about earlier runs survives the next run (`npm run bench:web` once replaced
// everything up to the next heading, and the notes on earlier runs went with it). The web's plain
// Node scripts and the server's TypeScript ones each have the helper; both must do the same.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { replaceDocsSection as replaceInServerBench } from '../../server/bench/docs-section';
import { replaceDocsSection as replaceInWebBench } from './docs-section.mjs';

const folders: string[] = [];
afterEach(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

function docsFile(text: string): string {
  const folder = mkdtempSync(join(tmpdir(), 'bench-docs-'));
  folders.push(folder);
  const path = join(folder, 'benchmarks.md');
  writeFileSync(path, text);
  return path;
}

describe.each([
  ['web', replaceInWebBench],
  ['server', replaceInServerBench],
])('replaceDocsSection of the %s benchmarks', (_side, replaceDocsSection) => {
  it('replaces the previous run between the markers and keeps the notes written after it', () => {
    const path = docsFile(
      [
        '# Benchmarks',
        '',
        '<!-- bench:web:start -->',
        '## Web (Lighthouse)',
        '',
        '| old table |',
        '<!-- bench:web:end -->',
        '',
        'Notes on an earlier run, written by hand.',
        '',
        '## What the Lighthouse figures say',
        '',
      ].join('\n'),
    );
    replaceDocsSection(path, 'web', '## Web (Lighthouse)\n\n| new table |\n');
    replaceDocsSection(path, 'web', '## Web (Lighthouse)\n\n| newest table |\n');
    expect(readFileSync(path, 'utf8')).toBe(
      [
        '# Benchmarks',
        '',
        '<!-- bench:web:start -->',
        '## Web (Lighthouse)',
        '',
        '| newest table |',
        '<!-- bench:web:end -->',
        '',
        'Notes on an earlier run, written by hand.',
        '',
        '## What the Lighthouse figures say',
        '',
      ].join('\n'),
    );
  });

  it('leaves another benchmark’s section alone and adds its own, marked, when it has none', () => {
    const path = docsFile('# Benchmarks\n\n<!-- bench:render:start -->\n| render |\n<!-- bench:render:end -->\n');
    replaceDocsSection(path, 'web', '## Web (Lighthouse)\n\n| first table |');
    expect(readFileSync(path, 'utf8')).toBe(
      '# Benchmarks\n\n<!-- bench:render:start -->\n| render |\n<!-- bench:render:end -->\n\n' +
        '<!-- bench:web:start -->\n## Web (Lighthouse)\n\n| first table |\n<!-- bench:web:end -->\n',
    );
  });
});
