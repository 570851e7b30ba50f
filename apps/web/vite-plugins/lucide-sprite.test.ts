import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Heart from 'lucide-react/icons/heart';
import ShoppingCart from 'lucide-react/icons/shopping-cart';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { afterEach, describe, expect, it } from 'vitest';
import {
  buildIconSprite,
  buildInlineSymbols,
  canonicalIconName,
  inlineIconImports,
  scanIconNames,
} from './lucide-sprite';

/** What lucide's own component draws inside its `<svg>`, without React's closing tags. */
const shapesOf = (Icon: typeof Heart) =>
  /^<svg[^>]*>(.*)<\/svg>$/
    .exec(renderToStaticMarkup(createElement(Icon)))?.[1]
    ?.replace(/><\/(path|circle|rect|line|polyline|polygon|ellipse)>/g, '/>');

describe('buildIconSprite', () => {
  it("holds one symbol per icon with lucide's own shapes, on lucide's 24-unit grid", async () => {
    const sprite = await buildIconSprite(['heart', 'shopping-cart']);
    expect(sprite.startsWith('<svg xmlns="http://www.w3.org/2000/svg">')).toBe(true);
    // Vitest does not run the Vite plugin: these imports are lucide's own components.
    expect(sprite).toContain(`<symbol id="heart" viewBox="0 0 24 24">${shapesOf(Heart)}</symbol>`);
    expect(sprite).toContain(`<symbol id="shopping-cart" viewBox="0 0 24 24">${shapesOf(ShoppingCart)}</symbol>`);
    expect(sprite.match(/<symbol /g)).toHaveLength(2);
    expect(sprite).not.toContain('key=');
  });
});

describe('buildInlineSymbols', () => {
  it('gives the page its own symbols under ids of their own, with the same shapes', async () => {
    const symbols = await buildInlineSymbols(['shopping-cart', 'heart']);
    expect(symbols).toBe(
      `<symbol id="icon-heart" viewBox="0 0 24 24">${shapesOf(Heart)}</symbol>` +
        `<symbol id="icon-shopping-cart" viewBox="0 0 24 24">${shapesOf(ShoppingCart)}</symbol>`,
    );
  });
});

describe('scanIconNames', () => {
  let dir: string | undefined;
  afterEach(() => {
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('finds every icon import under a folder, by canonical name, once each and sorted', () => {
    dir = mkdtempSync(join(tmpdir(), 'everdeal-icons-'));
    mkdirSync(join(dir, 'features/cart'), { recursive: true });
    writeFileSync(
      join(dir, 'a.tsx'),
      "import X from 'lucide-react/icons/x';\nimport Heart from 'lucide-react/icons/heart';",
    );
    writeFileSync(join(dir, 'features/cart/b.ts'), "import Help from 'lucide-react/icons/help-circle';");
    writeFileSync(join(dir, 'features/cart/notes.md'), "import Star from 'lucide-react/icons/star';");
    expect(scanIconNames(dir)).toEqual(['circle-question-mark', 'heart', 'x']);
  });

  it('resolves an alias to the icon it re-exports', () => {
    expect(canonicalIconName('help-circle')).toBe('circle-question-mark');
    expect(canonicalIconName('heart')).toBe('heart');
  });
});

describe('inlineIconImports', () => {
  const hrefOf = (name: string) => `/assets/icons.svg#${name}`;

  it('makes each imported icon in the module itself, on the line of its import', () => {
    const code = [
      "import { clsx } from 'clsx';",
      "import Heart from 'lucide-react/icons/heart';",
      "import Help from 'lucide-react/icons/help-circle';",
      'export const icons = [Heart, Help];',
    ].join('\n');
    const lines = inlineIconImports(code, '/app/components/ui/sprite-icon.ts', hrefOf).split('\n');
    expect(lines).toEqual([
      "import { clsx } from 'clsx';",
      'import { createSpriteIcon as __spriteIcon } from "/app/components/ui/sprite-icon.ts"; ' +
        'const Heart = /* @__PURE__ */ __spriteIcon("heart", "/assets/icons.svg#heart");',
      'const Help = /* @__PURE__ */ __spriteIcon("circle-question-mark", "/assets/icons.svg#circle-question-mark");',
      'export const icons = [Heart, Help];',
    ]);
  });

  it('leaves a module without icon imports as it is', () => {
    const code = "import { clsx } from 'clsx';\n// lucide-react/icons/heart is named in a comment only\n";
    expect(inlineIconImports(code, '/helper.ts', hrefOf)).toBe(code);
  });
});
