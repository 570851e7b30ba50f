import { expect, test } from '@playwright/test';
import { expectNoAxeViolations } from './content-helpers';
import { callApi } from './helpers';

type Post = { slug: string; title: string; excerpt: string; publishedAt: string; updatedAt: string; tags: string[] };
type PostList = { items: Post[]; total: number; tags: { tag: string; count: number }[] };

test('read a blog post from the list: its page, JSON-LD, canonical and share tags', async ({ page, request }) => {
  const list = await callApi<PostList>(request, 'blog/getPosts', {});
  expect(list.items.length, 'the demo blog is seeded').toBeGreaterThan(0);
  const [post] = list.items;
  if (!post) throw new Error('no post');

  await page.goto('/blog');
  await expect(page).toHaveTitle('Blog | Everdeal');
  await expect(page.getByText('Latest news and insights about AI software deals')).toBeVisible();
  await expect(page.locator('link[rel="alternate"][type="application/rss+xml"]')).toHaveAttribute(
    'href',
    '/blog/rss.xml',
  );
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', /\/blog$/);
  await expect(page.locator('meta[name="robots"]')).toHaveCount(0);
  const card = page.getByRole('article', { name: post.title });
  await expect(card).toBeVisible();
  await expectNoAxeViolations(page);

  await card.getByRole('link', { name: post.title }).click();
  await expect(page).toHaveURL(new RegExp(`/blog/${post.slug}$`));
  await expect(page).toHaveTitle(`${post.title} | Everdeal`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(post.title);
  await expect(page.getByRole('article', { name: post.title }).getByText(post.excerpt)).toBeVisible();
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', new RegExp(`/blog/${post.slug}$`));
  await expect(page.locator('meta[property="og:type"]')).toHaveAttribute('content', 'article');
  await expect(page.locator('meta[property="og:title"]')).toHaveAttribute('content', `${post.title} | Everdeal`);
  await expect(page.locator('meta[name="twitter:card"]')).toHaveAttribute('content', 'summary_large_image');
  await expect(page.locator('meta[property="article:published_time"]')).toHaveAttribute('content', post.publishedAt);
  await expectNoAxeViolations(page);

  const nodes = await page
    .locator('script[type="application/ld+json"]')
    .evaluateAll((scripts) => scripts.flatMap((script) => [JSON.parse(script.textContent ?? 'null')].flat()));
  const posting = nodes.find((node) => node?.['@type'] === 'BlogPosting');
  expect(posting).toMatchObject({
    '@context': 'https://schema.org',
    headline: post.title,
    datePublished: post.publishedAt,
    dateModified: post.updatedAt,
    url: expect.stringMatching(new RegExp(`^https?://[^/]+/blog/${post.slug}$`)),
    image: [expect.stringMatching(/^https?:\/\/[^/]+\/uploads\//)],
    author: { '@type': 'Person' },
  });
  expect(nodes.some((node) => node?.['@type'] === 'BreadcrumbList')).toBe(true);

  // A tag leads back to the list filtered by it: followed, not indexed (decision 003).
  const [tag] = post.tags;
  if (tag) {
    await page.getByRole('link', { name: `More posts tagged ${tag}` }).click();
    await expect(page).toHaveURL(new RegExp(`/blog\\?tag=${encodeURIComponent(tag)}$`));
    await expect(page.getByRole('heading', { level: 1 })).toContainText(`Posts tagged “${tag}”`);
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex, follow');
    const count = list.tags.find((entry) => entry.tag === tag)?.count ?? 0;
    await expect(page.getByRole('article')).toHaveCount(count);
    await expect(
      page.getByRole('navigation', { name: 'Filter posts by tag' }).getByRole('link', { name: new RegExp(`^${tag}`) }),
    ).toHaveAttribute('aria-current', 'page');
  }
});

test('a tag no post has shows the empty state; an unknown post or a page past the end is the 404 page', async ({
  page,
}) => {
  await page.goto('/blog?tag=no-such-tag');
  await expect(page.getByText('No posts tagged “no-such-tag” yet')).toBeVisible();
  await expect(page.getByRole('article')).toHaveCount(0);
  await expectNoAxeViolations(page);
  await page.getByRole('link', { name: 'See all posts' }).click();
  await expect(page).toHaveURL(/\/blog$/);

  for (const path of ['/blog/no-such-post', '/blog/Not_A_Slug', '/blog?page=999']) {
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(404);
    await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  }
});
