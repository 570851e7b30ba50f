import type { LucideIcon, LucideProps } from 'lucide-react';
import { type CSSProperties, createElement, forwardRef } from 'react';

/** Lucide's rule: an icon is decorative (hidden from screen readers) unless it is given a name or role. */
const isNamed = (props: object) =>
  Object.keys(props).some((prop) => prop.startsWith('aria-') || prop === 'role' || prop === 'title');

const px = (value: string | number | undefined) => (typeof value === 'number' ? `${value}px` : value);

/**
 * An icon drawn from the app's icon sprite: `<svg class="lucide …"><use href="…#name"/></svg>`.
 * Every `lucide-react/icons/<name>` import resolves to one of these (`vite-plugins/lucide-sprite.ts`),
 * so components import lucide's icons as usual. The defaults lucide writes as attributes on
 * every icon (24 px, no fill, a 2 px round stroke in the current colour) are `.lucide`'s CSS in
 * `app.css`, in the base layer so utilities such as `size-4` or `fill-current` win; the props
 * that change them become inline style, which wins over any rule.
 */
export function createSpriteIcon(name: string, href: string): LucideIcon {
  const Icon = forwardRef<SVGSVGElement, LucideProps>(
    ({ children, className, style, size, width, height, color, strokeWidth, absoluteStrokeWidth, ...rest }, ref) => {
      const iconWidth = width ?? size;
      const iconHeight = height ?? size;
      const stroke =
        absoluteStrokeWidth && strokeWidth !== undefined
          ? (Number(strokeWidth) * 24) / Number(size ?? 24)
          : absoluteStrokeWidth
            ? 48 / Number(size ?? 24)
            : strokeWidth;
      const overrides: CSSProperties = {
        ...(iconWidth === undefined ? {} : { width: px(iconWidth) }),
        ...(iconHeight === undefined ? {} : { height: px(iconHeight) }),
        ...(color === undefined ? {} : { stroke: color }),
        ...(stroke === undefined ? {} : { strokeWidth: stroke }),
      };
      const hasOverrides = Object.keys(overrides).length > 0;
      return createElement(
        'svg',
        {
          ref,
          className: className ? `lucide ${className}` : 'lucide',
          ...(children || isNamed(rest) ? {} : { 'aria-hidden': 'true' }),
          ...rest,
          style: hasOverrides ? { ...overrides, ...style } : style,
        },
        createElement('use', { href }),
        children,
      );
    },
  );
  Icon.displayName = name.replace(/(^|-)(\w)/g, (_, _dash: string, letter: string) => letter.toUpperCase());
  return Icon as LucideIcon;
}
