import { describe, expect, it } from 'vitest';
import { serializeJsonLd } from '~/lib/structured-data';
import { type BlogPostingSource, blogPostingJsonLd } from './blog-structured-data';

const post: BlogPostingSource = {
  slug: 'stacking-codes',
  title: 'Stacking codes </script> explained',
  excerpt: 'How stacking works.',
  coverUrl: '/uploads/blog/stacking-codes.svg',
  author: { name: 'Maya Chen', title: 'Deals editor' },
  publishedAt: '2026-11-01T09:00:00.000Z',
  updatedAt: '2026-11-03T10:30:00.000Z',
  tags: ['guides', 'license codes'],
};

describe('blogPostingJsonLd', () => {
  it('describes the post with absolute URLs and its dates', () => {
    const node = blogPostingJsonLd('https://shop.example/', post);
    expect(node).toEqual({
      '@context': 'https://schema.org',
      '@type': 'BlogPosting',
      headline: post.title,
      description: post.excerpt,
      url: 'https://shop.example/blog/stacking-codes',
      mainEntityOfPage: { '@type': 'WebPage', '@id': 'https://shop.example/blog/stacking-codes' },
      image: ['https://shop.example/uploads/blog/stacking-codes.svg'],
      datePublished: '2026-11-01T09:00:00.000Z',
      dateModified: '2026-11-03T10:30:00.000Z',
      author: { '@type': 'Person', name: 'Maya Chen', jobTitle: 'Deals editor' },
      publisher: {
        '@type': 'Organization',
        name: 'Everdeal',
        logo: { '@type': 'ImageObject', url: 'https://shop.example/favicon.svg' },
      },
      keywords: 'guides, license codes',
    });
  });

  it('leaves out an empty author title and keywords rather than writing empty values', () => {
    const node = blogPostingJsonLd('https://shop.example', { ...post, author: { name: 'Team', title: '' }, tags: [] });
    expect(node.author).toEqual({ '@type': 'Person', name: 'Team' });
    expect(node).not.toHaveProperty('keywords');
  });

  it('keeps a title with </script> inside its script tag once serialised', () => {
    expect(serializeJsonLd(blogPostingJsonLd('https://shop.example', post))).not.toContain('</script>');
  });
});
