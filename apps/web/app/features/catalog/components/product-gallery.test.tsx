import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { ProductGallery } from './product-gallery';

describe('ProductGallery', () => {
  it('shows the whole main picture in its 16:10 frame (a 16:9 upload is not cropped)', () => {
    const html = renderToStaticMarkup(
      <ProductGallery images={[{ url: '/uploads/wide.webp', alt: 'Dashboard' }]} productName="Acme" />,
    );
    const main = html.match(/<img[^>]*alt="Dashboard"[^>]*>/)?.[0] ?? '';
    expect(main).toContain('aspect-[16/10]');
    expect(main).toContain('object-contain');
    expect(main).not.toContain('object-cover');
  });
});
