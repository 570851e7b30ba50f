import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { createSpriteIcon } from './sprite-icon';

const Heart = createSpriteIcon('heart', '/assets/icons-abc.svg#heart');

describe('createSpriteIcon', () => {
  it('draws the named symbol, hidden from screen readers, with lucide defaults left to CSS', () => {
    expect(renderToStaticMarkup(<Heart className="size-4 text-brand-600" />)).toBe(
      '<svg class="lucide size-4 text-brand-600" aria-hidden="true"><use href="/assets/icons-abc.svg#heart"></use></svg>',
    );
    expect(renderToStaticMarkup(<Heart />)).toBe(
      '<svg class="lucide" aria-hidden="true"><use href="/assets/icons-abc.svg#heart"></use></svg>',
    );
  });

  it('stays visible to screen readers when given a name or a role, as lucide does', () => {
    expect(renderToStaticMarkup(<Heart role="img" aria-label="Liked" />)).toBe(
      '<svg class="lucide" role="img" aria-label="Liked"><use href="/assets/icons-abc.svg#heart"></use></svg>',
    );
    expect(renderToStaticMarkup(<Heart aria-hidden />)).toContain('aria-hidden="true"');
    expect(renderToStaticMarkup(<Heart aria-hidden={false} />)).toContain('aria-hidden="false"');
  });

  it('turns the props that change lucide defaults into inline style, which wins over the CSS', () => {
    expect(renderToStaticMarkup(<Heart strokeWidth={2.25} />)).toContain('style="stroke-width:2.25"');
    expect(renderToStaticMarkup(<Heart size={16} color="red" />)).toContain(
      'style="width:16px;height:16px;stroke:red"',
    );
    // lucide's absoluteStrokeWidth: the stroke keeps its width in pixels whatever the size.
    expect(renderToStaticMarkup(<Heart size={48} absoluteStrokeWidth />)).toContain('stroke-width:1');
    expect(renderToStaticMarkup(<Heart size={12} strokeWidth={1.5} absoluteStrokeWidth />)).toContain('stroke-width:3');
    expect(renderToStaticMarkup(<Heart strokeWidth={3} style={{ strokeWidth: 1 }} />)).toContain('stroke-width:1');
  });

  it('puts children after the symbol, which a title needs to name the icon', () => {
    expect(
      renderToStaticMarkup(
        <Heart>
          <title>Liked</title>
        </Heart>,
      ),
    ).toBe('<svg class="lucide"><use href="/assets/icons-abc.svg#heart"></use><title>Liked</title></svg>');
  });

  it('is named after its icon for React DevTools', () => {
    expect(createSpriteIcon('shopping-cart', '#').displayName).toBe('ShoppingCart');
  });
});
