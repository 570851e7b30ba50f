import * as heartModule from 'lucide-react/icons/heart';
import * as shoppingCartModule from 'lucide-react/icons/shopping-cart';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { createLucideIcon, type LucideIconData } from './lucide-icon';

// Each icon module exports its data beside the component; lucide's types leave it out.
const dataOf = (module: object) => (module as { __iconData: LucideIconData }).__iconData;
const Heart = heartModule.default;
const ShoppingCart = shoppingCartModule.default;
const heart = dataOf(heartModule);
const shoppingCart = dataOf(shoppingCartModule);

// Vitest does not run the Vite plugin, so the imports above are lucide's own components: the
// icons built once per set of props must render exactly what they render.
describe('createLucideIcon', () => {
  const cases = [
    {},
    { className: 'size-4 text-brand-600', strokeWidth: 2.25 },
    { 'aria-hidden': true, className: 'size-5' },
    { size: 16, color: 'red', absoluteStrokeWidth: true },
    { role: 'img', 'aria-label': 'Cart', className: 'a a b' },
  ];

  it.each(cases)('renders what lucide renders for %o, the first time and from its cache', (props) => {
    for (const [Original, data] of [
      [Heart, heart],
      [ShoppingCart, shoppingCart],
    ] as const) {
      const Icon = createLucideIcon(data);
      const expected = renderToStaticMarkup(<Original {...props} />);
      expect(renderToStaticMarkup(<Icon {...props} />)).toBe(expected);
      expect(renderToStaticMarkup(<Icon {...props} />)).toBe(expected);
    }
  });

  it('renders children after the paths, as lucide does', () => {
    const Icon = createLucideIcon(heart);
    const withTitle = (Component: typeof Heart) => (
      <Component className="x">
        <title>Liked</title>
      </Component>
    );
    expect(renderToStaticMarkup(withTitle(Icon))).toBe(renderToStaticMarkup(withTitle(Heart)));
  });
});
