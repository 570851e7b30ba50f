import type { BlogPost } from '@everdeal/contracts';
import { describe, expect, it } from 'vitest';
import { isPostSlug, shareImageOf, toBlogPostView } from './blog-post-view';

describe('isPostSlug', () => {
  it('accepts the server’s slugs only', () => {
    expect(isPostSlug('refund-windows-explained')).toBe(true);
    for (const slug of ['Refund-Windows', 'a--b', '-a', 'a_b', '', 'x'.repeat(121), 'ä']) {
      expect(isPostSlug(slug), slug).toBe(false);
    }
  });
});

describe('toBlogPostView', () => {
  it('drops the Markdown source and keeps what the page shows', () => {
    const post: BlogPost = {
      slug: 's',
      title: 'T',
      excerpt: 'E',
      coverUrl: '/c.svg',
      coverAlt: 'A',
      author: { name: 'N', title: 'R' },
      publishedAt: '2026-01-01T00:00:00.000Z',
      updatedAt: '2026-01-02T00:00:00.000Z',
      tags: ['t'],
      readingMinutes: 3,
      body: '# Markdown',
      bodyHtml: '<h1>Markdown</h1>',
    };
    const view = toBlogPostView(post);
    expect(view).not.toHaveProperty('body');
    expect(view.bodyHtml).toBe('<h1>Markdown</h1>');
    expect(Object.keys(view).sort()).toEqual(
      Object.keys(post)
        .filter((key) => key !== 'body')
        .sort(),
    );
  });
});

describe('shareImageOf', () => {
  it('shares raster covers and leaves SVG ones to the brand card', () => {
    expect(shareImageOf('/uploads/blog/a/cover.png')).toBe('/uploads/blog/a/cover.png');
    expect(shareImageOf('/uploads/demo/blog/a/cover.svg')).toBeUndefined();
    expect(shareImageOf('/uploads/demo/blog/a/cover.SVG?v=2')).toBeUndefined();
  });
});
