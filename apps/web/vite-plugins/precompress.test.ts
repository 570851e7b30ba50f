import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { precompressDirectory } from './precompress';

describe('precompressDirectory', () => {
  let dir: string | undefined;
  afterEach(() => {
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('writes a Brotli and a gzip copy beside each text file, in every folder, each the file when unpacked', async () => {
    dir = mkdtempSync(join(tmpdir(), 'everdeal-precompress-'));
    mkdirSync(join(dir, 'assets'));
    const script = `export const deals = ${JSON.stringify(Array.from({ length: 200 }, (_, i) => ({ id: i, name: `Deal ${i}` })))};\n`;
    const style = `.card { color: red; }\n`.repeat(100);
    writeFileSync(join(dir, 'assets/app-1a2b.js'), script);
    writeFileSync(join(dir, 'assets/app-3c4d.css'), style);
    writeFileSync(
      join(dir, 'favicon.svg'),
      `<svg xmlns="http://www.w3.org/2000/svg">${'<path d="M0 0h24v24H0z"/>'.repeat(20)}</svg>`,
    );

    const report = await precompressDirectory(dir);

    expect(report.files).toBe(3);
    for (const [file, content] of [
      ['assets/app-1a2b.js', script],
      ['assets/app-3c4d.css', style],
    ] as const) {
      const asBrotli = readFileSync(join(dir, `${file}.br`));
      const asGzip = readFileSync(join(dir, `${file}.gz`));
      expect(brotliDecompressSync(asBrotli).toString()).toBe(content);
      expect(gunzipSync(asGzip).toString()).toBe(content);
      expect(asBrotli.length).toBeLessThan(asGzip.length);
      expect(asGzip.length).toBeLessThan(content.length / 4);
    }
    expect(existsSync(join(dir, 'favicon.svg.br'))).toBe(true);
    expect(report.bytes).toBeGreaterThan(report.gzipBytes);
    expect(report.gzipBytes).toBeGreaterThan(report.brotliBytes);
  });

  it('leaves images alone, and writes no copy larger than the file itself', async () => {
    dir = mkdtempSync(join(tmpdir(), 'everdeal-precompress-'));
    writeFileSync(join(dir, 'og.png'), Buffer.from('89504e470d0a1a0a', 'hex'));
    // Five bytes: gzip's header and trailer alone are 18.
    writeFileSync(join(dir, 'tiny.js'), 'x=1;\n');

    const report = await precompressDirectory(dir);

    expect(report.files).toBe(1);
    expect(existsSync(join(dir, 'og.png.br'))).toBe(false);
    expect(existsSync(join(dir, 'og.png.gz'))).toBe(false);
    expect(existsSync(join(dir, 'tiny.js.gz'))).toBe(false);
    expect(report.gzipBytes).toBe(5);
  });

  it('compresses each file once when run again over its own output', async () => {
    dir = mkdtempSync(join(tmpdir(), 'everdeal-precompress-'));
    writeFileSync(join(dir, 'app.js'), 'console.log("deal");\n'.repeat(50));
    await precompressDirectory(dir);
    const again = await precompressDirectory(dir);
    expect(again.files).toBe(1);
    expect(existsSync(join(dir, 'app.js.br.br'))).toBe(false);
  });
});
