import type { LucideIcon, LucideProps } from 'lucide-react';
import buildLucideIconForReact from 'lucide-react/dist/esm/shared/src/build/buildLucideIconForReact.mjs';
import { hasA11yProp } from 'lucide-react/dist/esm/shared/src/utils/hasA11yProp.mjs';
import { mergeClasses } from 'lucide-react/dist/esm/shared/src/utils/mergeClasses.mjs';
import { createElement, forwardRef, type ReactElement } from 'react';

/** What each `lucide-react/icons/<name>` module exports as `__iconData`. */
export type LucideIconData = {
  name: string;
  size?: number;
  node: [string, Record<string, string>][];
  aliases?: string[];
};

type BuiltIcon = { attributes: Record<string, unknown>; children: ReactElement[] };

/** Distinct prop sets kept per icon; call sites pass a handful each. */
const MAX_VARIANTS = 32;

/**
 * An icon component that renders exactly what lucide's renders (the same builder, the same
 * defaults: the store sets no `LucideProvider`), but builds the SVG's attributes and path
 * elements once per distinct set of props instead of on every render. Lucide rebuilt them from
 * the icon's node list each time (object spreads, class merging, one element per path): 6% of an
 * uncached home page render on the server, with its 55 icons (docs/benchmarks.md, "Server
 * rendering without the page cache"), and the same work again when the browser hydrates.
 *
 * Every `lucide-react/icons/<name>` import goes through this (`lucideIcons` in vite.config.ts),
 * so components import icons from lucide as usual. Props holding functions or children are
 * built each time, as lucide does.
 */
export function createLucideIcon(icon: LucideIconData): LucideIcon {
  const built = new Map<string, BuiltIcon>();
  const build = (props: Omit<LucideProps, 'ref'>, hasChildren: boolean): BuiltIcon => {
    const { color, size, width, height, strokeWidth, absoluteStrokeWidth, nonScalingStroke, className, ...rest } =
      props;
    const [, attributes, nodes = []] = buildLucideIconForReact(icon, {
      color: color ?? 'currentColor',
      width: width ?? size ?? 24,
      height: height ?? size ?? 24,
      strokeWidth: strokeWidth ?? 2,
      absoluteStrokeWidth: absoluteStrokeWidth ?? false,
      nonScalingStroke: nonScalingStroke ?? false,
      className: mergeClasses('', className ?? ''),
      hasA11yProp: hasChildren || hasA11yProp(rest),
      attributes: rest,
    });
    return { attributes, children: nodes.map(([tag, attrs]) => createElement(tag, attrs)) };
  };
  const Icon = forwardRef<SVGSVGElement, LucideProps>(({ children, ...props }, ref) => {
    const hasChildren = Boolean(children);
    const cacheable = !hasChildren && Object.values(props).every((value) => typeof value !== 'function');
    let svg = cacheable ? built.get(JSON.stringify(props)) : undefined;
    if (!svg) {
      svg = build(props, hasChildren);
      if (cacheable && built.size < MAX_VARIANTS) built.set(JSON.stringify(props), svg);
    }
    return createElement('svg', { ref, ...svg.attributes }, [
      ...svg.children,
      ...(Array.isArray(children) ? children : [children]),
    ]);
  });
  Icon.displayName = icon.name.replace(/(^|-)(\w)/g, (_, _dash: string, letter: string) => letter.toUpperCase());
  return Icon as LucideIcon;
}
