import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { Plugin } from 'vite';

/** What each `lucide-react/dist/esm/icons/<name>.mjs` module exports as `__iconData`. */
type IconNode = [tag: string, attributes: Record<string, string>][];

const iconsDir = join(dirname(createRequire(import.meta.url).resolve('lucide-react/package.json')), 'dist/esm/icons');
const iconImport = /lucide-react\/icons\/([a-z0-9-]+)/g;
/** How the app imports an icon, one per line: `import Search from 'lucide-react/icons/search';`. */
const iconDefaultImport = /^import (\w+) from 'lucide-react\/icons\/([a-z0-9-]+)';$/gm;

/** An alias (`circle-question-mark` for `help-circle`, …) only re-exports another icon's module. */
export function canonicalIconName(name: string): string {
  const alias = /export \{ default \} from '\.\/([a-z0-9-]+)\.mjs'/.exec(
    readFileSync(join(iconsDir, `${name}.mjs`), 'utf8'),
  )?.[1];
  return alias ? canonicalIconName(alias) : name;
}

/** The canonical names of every icon the sources under `dir` import, sorted. */
export function scanIconNames(dir: string): string[] {
  const names = new Set<string>();
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || !/\.tsx?$/.test(entry.name)) continue;
    const text = readFileSync(join(entry.parentPath, entry.name), 'utf8');
    for (const [, name] of text.matchAll(iconImport)) if (name) names.add(canonicalIconName(name));
  }
  return [...names].sort();
}

const escapeAttribute = (value: string) =>
  value.replaceAll('&', '&amp;').replaceAll('"', '&quot;').replaceAll('<', '&lt;');

/**
 * One SVG document with a `<symbol id="<name>">` per icon, holding lucide's own shapes for it.
 * The presentation attributes lucide puts on each `<svg>` (stroke, fill, line caps) are not here:
 * the page's CSS gives them to `.lucide`, and a `<use>`'s copy inherits them from its `<svg>`.
 */
export async function buildIconSprite(names: readonly string[]): Promise<string> {
  const symbols = await Promise.all(
    names.map(async (name) => {
      const module = (await import(pathToFileURL(join(iconsDir, `${name}.mjs`)).href)) as {
        __iconData: { node: IconNode };
      };
      const shapes = module.__iconData.node.map(([tag, { key: _key, ...attributes }]) => {
        const list = Object.entries(attributes).map(
          ([attribute, value]) => ` ${attribute}="${escapeAttribute(value)}"`,
        );
        return `<${tag}${list.join('')}/>`;
      });
      return `<symbol id="${name}" viewBox="0 0 24 24">${shapes.join('')}</symbol>`;
    }),
  );
  return `<svg xmlns="http://www.w3.org/2000/svg">${symbols.join('')}</svg>\n`;
}

/**
 * A module's icon imports (`import Search from 'lucide-react/icons/search';`, one a line), each
 * replaced on its line by the sprite component it stood for, made in the module itself. Through
 * imports, an icon module that a few routes and lazy chunks shared was a chunk of its own: a
 * request and ~120 bytes of gzip for what is ~40 bytes inside the chunk that uses it
 * (docs/benchmarks.md, "First-load JavaScript"). `helper` is `sprite-icon.ts`'s path, `hrefOf`
 * gives an icon's `<use>` target by its canonical name.
 */
export function inlineIconImports(code: string, helper: string, hrefOf: (name: string) => string): string {
  let isFirst = true;
  return code.replace(iconDefaultImport, (_line, local: string, imported: string) => {
    const name = canonicalIconName(imported);
    const helperImport = isFirst ? `import { createSpriteIcon as __spriteIcon } from ${JSON.stringify(helper)}; ` : '';
    isFirst = false;
    return `${helperImport}const ${local} = /* @__PURE__ */ __spriteIcon(${JSON.stringify(name)}, ${JSON.stringify(hrefOf(name))});`;
  });
}

type Sprite = { fileName: string; source: string };

/** The id an icon drawn from the page itself has there (`id="menu"` alone could clash with a page's own ids). */
export const inlineSymbolId = (name: string) => `icon-${name}`;

/**
 * The `<symbol>`s of the given icons, each under its in-page id, for the page's own HTML: an
 * icon drawn from them needs no file.
 */
export async function buildInlineSymbols(names: readonly string[]): Promise<string> {
  const sprite = await buildIconSprite([...new Set(names.map(canonicalIconName))].sort());
  return sprite
    .replace(/^<svg[^>]*>/, '')
    .replace(/<\/svg>\n$/, '')
    .replaceAll('<symbol id="', `<symbol id="${inlineSymbolId('')}`);
}

const INLINE_MODULE = 'virtual:everdeal/inline-icons';

async function spriteFor(appDir: string, build: boolean): Promise<Sprite> {
  const source = await buildIconSprite(scanIconNames(appDir));
  const hash = createHash('sha256').update(source).digest('base64url').slice(0, 8);
  return { fileName: build ? `assets/icons-${hash}.svg` : 'assets/icons-dev.svg', source };
}

/**
 * Every `lucide-react/icons/<name>` import becomes a component that draws the icon from one
 * sprite file (`app/components/ui/sprite-icon.ts`): `<svg class="lucide …"><use href=
 * "/assets/icons-<hash>.svg#<name>"/></svg>`. Inline, lucide's SVGs were 42 KB of the home page's
 * 132 KB of HTML (98 icons, each with its paths and nine attributes), and writing that text was
 * the largest single cost of an uncached render (docs/benchmarks.md, "Server rendering without
 * the page cache"). The sprite holds every icon the app's sources import, so the server and
 * client builds agree on its name without sharing state; the browser fetches it once and keeps
 * it (hashed assets are immutable). `npm run dev` serves it from memory, rebuilt on each request.
 *
 * In a build the import itself goes: each module that imports an icon makes that component in
 * place (`inlineIconImports`), so no icon is a chunk of its own; `npm run dev` loads one module
 * per icon.
 *
 * The icons named in `inline` (the header's, on every page's first screen) are drawn from
 * symbols in the page itself instead: `virtual:everdeal/inline-icons` exports their markup,
 * which `root.tsx` writes once at the top of the body. On a slow phone the sprite file arrives
 * seconds after the HTML, and the header's buttons were blank until then (docs/benchmarks.md,
 * "Slow phone").
 */
export function lucideSprite({ inline = [] }: { inline?: readonly string[] } = {}): Plugin {
  const prefix = '\0everdeal-lucide-icon/';
  const inlineNames = new Set(inline.map(canonicalIconName));
  const appDir = fileURLToPath(new URL('../app', import.meta.url));
  const helper = join(appDir, 'components/ui/sprite-icon.ts');
  let base = '/';
  let build = true;
  let sprite: Promise<Sprite> | undefined;
  const currentSprite = () => {
    sprite ??= spriteFor(appDir, build);
    return sprite;
  };
  return {
    name: 'everdeal:lucide-sprite',
    enforce: 'pre',
    configResolved(config) {
      base = config.base;
      build = config.command === 'build';
    },
    resolveId(source) {
      if (source === INLINE_MODULE) return `\0${INLINE_MODULE}`;
      const name = /^lucide-react\/icons\/([a-z0-9-]+)$/.exec(source)?.[1];
      return name ? `${prefix}${canonicalIconName(name)}` : undefined;
    },
    // In a build, each app module that imports an icon makes its own component for it, in place of
    // the import (`inlineIconImports`).
    async transform(code, id) {
      if (!build || !id.startsWith(`${appDir}/`) || !/\.tsx?$/.test(id) || !code.includes('lucide-react/icons/')) {
        return undefined;
      }
      const { fileName } = await currentSprite();
      const hrefOf = (name: string) =>
        inlineNames.has(name) ? `#${inlineSymbolId(name)}` : `${base}${fileName}#${name}`;
      const replaced = inlineIconImports(code, helper, hrefOf);
      // Each import line is replaced by one line: the source map stays right.
      return replaced === code ? undefined : { code: replaced, map: null };
    },
    async load(id) {
      if (id === `\0${INLINE_MODULE}`) {
        return `export const INLINE_ICON_SYMBOLS = ${JSON.stringify(await buildInlineSymbols([...inlineNames]))};`;
      }
      if (!id.startsWith(prefix)) return undefined;
      const name = id.slice(prefix.length);
      let { fileName, source } = await currentSprite();
      if (!build && !source.includes(`<symbol id="${name}" `)) {
        // `npm run dev`: a file edited since the sprite was built imports a new icon.
        sprite = undefined;
        ({ fileName, source } = await currentSprite());
      }
      if (!source.includes(`<symbol id="${name}" `)) {
        this.error(`lucide-sprite: the icon "${name}" is not in the sprite (imported from outside app/?)`);
      }
      const href = inlineNames.has(name) ? `#${inlineSymbolId(name)}` : `${base}${fileName}#${name}`;
      return [
        `import { createSpriteIcon } from ${JSON.stringify(helper)};`,
        `export default createSpriteIcon(${JSON.stringify(name)}, ${JSON.stringify(href)});`,
      ].join('\n');
    },
    async generateBundle() {
      if (this.environment.name !== 'client') return;
      const { fileName, source } = await currentSprite();
      this.emitFile({ type: 'asset', fileName, source });
    },
    configureServer(server) {
      server.middlewares.use(`${base}assets/icons-dev.svg`, (_request, response) => {
        // Rebuilt on each request, and modules loaded from then on see it too: an icon imported
        // by an edited file appears without a restart.
        sprite = spriteFor(appDir, false);
        void sprite.then(({ source }) => {
          response.setHeader('content-type', 'image/svg+xml');
          response.setHeader('cache-control', 'no-cache');
          response.end(source);
        });
      });
    },
  };
}
