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

  it('shows each picture’s small copy in the row of thumbnails, and the picture itself when it has none', () => {
    const html = renderToStaticMarkup(
      <ProductGallery
        images={[
          { url: '/media/products/1-a.webp', alt: 'Dashboard', thumbUrl: '/media/products/1-a-thumb.webp' },
          { url: '/cdn/editor.png', alt: 'Editor' },
        ]}
        productName="Acme"
      />,
    );
    const thumbnails = [...html.matchAll(/<button[^>]*aria-label="Show image[^>]*><img[^>]*src="([^"]+)"/g)].map(
      (match) => match[1],
    );
    expect(thumbnails).toEqual(['/media/products/1-a-thumb.webp', '/cdn/editor.png']);
    // The main picture is always the whole one.
    expect(html.match(/<img[^>]*alt="Dashboard"[^>]*>/)?.[0]).toContain('src="/media/products/1-a.webp"');
  });
});
