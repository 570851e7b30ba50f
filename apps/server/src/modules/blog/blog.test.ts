import { BlogMessage, type BlogPost, type BlogPostList } from '@everdeal/contracts';
import { createBlogPost } from '@everdeal/db/seed';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callApi, createTestApp, type TestApp } from '../../../test/app';

const PUBLIC_URL = 'https://everdeal.example';
const DAY_MS = 86_400_000;
let clock = new Date('2030-06-15T12:00:00Z');
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ now: () => clock, env: { PUBLIC_URL } });
});
afterAll(() => t?.close());

const daysAgo = (days: number) => new Date(clock.getTime() - days * DAY_MS);

async function getPosts(payload: object): Promise<BlogPostList> {
  const { status, body } = await callApi<BlogPostList>(t.app, 'blog/getPosts', payload);
  expect(status, JSON.stringify(body)).toBe(200);
  return body.data;
}

// Every test here owns a tag, so the shared database's other posts never get in the way.
let tagSequence = 0;
const ownTag = () => `topic ${++tagSequence} ${Math.random().toString(36).slice(2, 8)}`;

describe('blog/getPosts', () => {
  it('lists public posts newest first, pages them, and leaves drafts and scheduled posts out', async () => {
    const tag = ownTag();
    const published = [];
    for (const days of [5, 1, 3, 2, 4]) {
      published.push(await createBlogPost(t.db, { tags: [tag], publishedAt: daysAgo(days), title: `Day ${days}` }));
    }
    await createBlogPost(t.db, { tags: [tag], publishedAt: null, title: 'Draft' });
    await createBlogPost(t.db, { tags: [tag], publishedAt: new Date(clock.getTime() + 60_000), title: 'Scheduled' });

    const first = await getPosts({ tag, pageSize: 2 });
    expect(first.total).toBe(5);
    expect(first.page).toBe(1);
    expect(first.pageSize).toBe(2);
    expect(first.items.map((post) => post.title)).toEqual(['Day 1', 'Day 2']);
    const second = await getPosts({ tag, pageSize: 2, page: 2 });
    expect(second.items.map((post) => post.title)).toEqual(['Day 3', 'Day 4']);
    const third = await getPosts({ tag, pageSize: 2, page: 3 });
    expect(third.items.map((post) => post.title)).toEqual(['Day 5']);
    // Past the end: no items, and the total still says how many there are.
    const beyond = await getPosts({ tag, pageSize: 2, page: 9 });
    expect(beyond.items).toEqual([]);
    expect(beyond.total).toBe(5);

    const item = first.items[0];
    const row = published[1];
    expect(item).toEqual({
      slug: row?.slug,
      title: 'Day 1',
      excerpt: row?.excerpt,
      coverUrl: row?.coverUrl,
      coverAlt: row?.coverAlt,
      author: { name: 'Test Author', title: 'Editor' },
      publishedAt: daysAgo(1).toISOString(),
      updatedAt: daysAgo(1).toISOString(),
      tags: [tag],
      readingMinutes: 1,
    });
    expect(item).not.toHaveProperty('body');
  });

  it('a scheduled post appears when the clock reaches its date', async () => {
    const tag = ownTag();
    const at = new Date(clock.getTime() + 2 * DAY_MS);
    const post = await createBlogPost(t.db, { tags: [tag], publishedAt: at });
    expect((await getPosts({ tag })).total).toBe(0);
    expect((await callApi(t.app, 'blog/getPost', { slug: post.slug })).status).toBe(404);
    const before = clock;
    clock = at;
    try {
      expect((await getPosts({ tag })).items.map((item) => item.slug)).toEqual([post.slug]);
      expect((await callApi(t.app, 'blog/getPost', { slug: post.slug })).status).toBe(200);
    } finally {
      clock = before;
    }
  });

  it('filters by one tag, in any letter case, and counts every public tag', async () => {
    const shared = ownTag();
    const rare = ownTag();
    const a = await createBlogPost(t.db, { tags: [shared, rare], publishedAt: daysAgo(1) });
    const b = await createBlogPost(t.db, { tags: [shared], publishedAt: daysAgo(2) });
    await createBlogPost(t.db, { tags: [rare], publishedAt: null });

    const byRare = await getPosts({ tag: rare.toUpperCase() });
    expect(byRare.items.map((post) => post.slug)).toEqual([a.slug]);
    expect(byRare.total).toBe(1);
    const byShared = await getPosts({ tag: shared });
    expect(byShared.items.map((post) => post.slug)).toEqual([a.slug, b.slug]);

    // The facet covers all public posts (the draft's tag use is not counted), most used first.
    const tags = new Map(byShared.tags.map((entry) => [entry.tag, entry.count]));
    expect(tags.get(shared)).toBe(2);
    expect(tags.get(rare)).toBe(1);
    const counts = byShared.tags.map((entry) => entry.count);
    expect(counts).toEqual([...counts].sort((x, y) => y - x));
  });

  it('estimates reading time from the body, about 220 words a minute', async () => {
    const tag = ownTag();
    const words = (n: number) => Array.from({ length: n }, (_, i) => `word${i}`).join(' ');
    await createBlogPost(t.db, { tags: [tag], body: words(1000), publishedAt: daysAgo(1), title: 'Long' });
    await createBlogPost(t.db, { tags: [tag], body: words(30), publishedAt: daysAgo(2), title: 'Short' });
    const { items } = await getPosts({ tag });
    expect(items.map((post) => [post.title, post.readingMinutes])).toEqual([
      ['Long', 5],
      ['Short', 1],
    ]);
  });

  it('an edit after publication shows as updatedAt; one before it does not', async () => {
    const tag = ownTag();
    const edited = await createBlogPost(t.db, { tags: [tag], publishedAt: daysAgo(3), updatedAt: daysAgo(1) });
    const early = await createBlogPost(t.db, { tags: [tag], publishedAt: daysAgo(2), updatedAt: daysAgo(9) });
    const { items } = await getPosts({ tag });
    const bySlug = new Map(items.map((post) => [post.slug, post]));
    expect(bySlug.get(edited.slug)?.updatedAt).toBe(daysAgo(1).toISOString());
    expect(bySlug.get(early.slug)?.updatedAt).toBe(daysAgo(2).toISOString());
  });

  it.each([
    [{ page: 0 }, 'page: must be at least 1'],
    [{ page: 'x' }, 'page: must be a whole number'],
    [{ pageSize: 25 }, 'pageSize: must be at most 24'],
    [{ tag: '' }, 'tag: must not be empty'],
    [{ tag: 'x'.repeat(41) }, 'tag: must be at most 40 characters'],
    [{ tag: 'a\u0000b' }, 'tag: Invalid format'],
  ])('refuses %j with a 422 naming the field', async (payload, msg) => {
    const { status, body } = await callApi(t.app, 'blog/getPosts', payload);
    expect(status).toBe(422);
    expect(body).toEqual({ code: 422, msg, data: null });
  });
});

describe('blog/getPost', () => {
  it('answers the post with its Markdown body and the same body rendered and sanitised', async () => {
    const body = [
      '## Heading',
      '',
      'Text with a [link](https://example.com/page) and **bold**.',
      '',
      '<script>alert("x")</script>',
      '',
      '<img src=x onerror=alert(1)>',
    ].join('\n');
    const post = await createBlogPost(t.db, { body, publishedAt: daysAgo(1), tags: ['refunds', 'guides'] });
    const { status, body: envelope } = await callApi<BlogPost>(t.app, 'blog/getPost', { slug: post.slug });
    expect(status).toBe(200);
    const data = envelope.data;
    expect(data.slug).toBe(post.slug);
    expect(data.body).toBe(body);
    expect(data.tags).toEqual(['refunds', 'guides']);
    expect(data.bodyHtml).toContain('<h2>Heading</h2>');
    expect(data.bodyHtml).toContain('<strong>bold</strong>');
    expect(data.bodyHtml).toContain(
      '<a href="https://example.com/page" target="_blank" rel="noopener noreferrer nofollow">link</a>',
    );
    // Raw HTML is shown as text, never passed through.
    expect(data.bodyHtml).not.toContain('<script');
    expect(data.bodyHtml).not.toContain('<img');
    expect(data.bodyHtml).toContain('&lt;script&gt;');
  });

  it('answers 404 "Post not found" for an unknown slug, a draft and a scheduled post', async () => {
    const draft = await createBlogPost(t.db, { publishedAt: null });
    const scheduled = await createBlogPost(t.db, { publishedAt: new Date(clock.getTime() + DAY_MS) });
    for (const slug of ['no-such-post', draft.slug, scheduled.slug]) {
      const { status, body } = await callApi(t.app, 'blog/getPost', { slug });
      expect(status, slug).toBe(404);
      expect(body).toEqual({ code: 404, msg: BlogMessage.postNotFound, data: null });
    }
  });

  it('refuses a missing or malformed slug with 422', async () => {
    expect((await callApi(t.app, 'blog/getPost', {})).body.msg).toBe('slug: This field is required');
    expect((await callApi(t.app, 'blog/getPost', { slug: '../etc' })).body.msg).toBe('slug: Invalid format');
  });
});

describe('RSS feed and sitemap', () => {
  it('GET /blog/rss.xml is RSS 2.0 of the latest public posts with absolute links and escaped text', async () => {
    const newest = await createBlogPost(t.db, {
      title: 'Tools & <tricks> for "deals"',
      excerpt: "Fish & chips aren't AI",
      body: 'See [our refunds](/refund-policy) and ![cover](/uploads/demo/x.svg).',
      tags: ['refunds', 'a&b'],
      authorName: 'Ada <Editor>',
      publishedAt: new Date(clock.getTime() - 60_000),
    });
    const hidden = await createBlogPost(t.db, { publishedAt: new Date(clock.getTime() + 60_000) });
    const response = await t.app.inject({ method: 'GET', url: '/blog/rss.xml' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/rss+xml; charset=utf-8');
    const xml = response.body;
    expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n<rss version="2.0"')).toBe(true);
    expect(xml).toContain(`<link>${PUBLIC_URL}/blog</link>`);
    expect(xml).toContain(`<atom:link href="${PUBLIC_URL}/blog/rss.xml" rel="self" type="application/rss+xml"/>`);
    expect(xml).toContain('<description>Latest news and insights about AI software deals</description>');
    expect(xml.match(/<item>/g)?.length).toBe(xml.match(/<\/item>/g)?.length);
    expect(xml.match(/<item>/g)?.length).toBeLessThanOrEqual(20);
    expect(xml.trimEnd().endsWith('</channel>\n</rss>')).toBe(true);

    // The newest post is the first item, every value escaped, its links absolute.
    const first = xml.slice(xml.indexOf('<item>'), xml.indexOf('</item>'));
    const link = `${PUBLIC_URL}/blog/${newest.slug}`;
    expect(first).toContain('<title>Tools &amp; &lt;tricks&gt; for &quot;deals&quot;</title>');
    expect(first).toContain(`<link>${link}</link>`);
    expect(first).toContain(`<guid isPermaLink="true">${link}</guid>`);
    expect(first).toContain(`<pubDate>${new Date(clock.getTime() - 60_000).toUTCString()}</pubDate>`);
    expect(first).toContain('<dc:creator>Ada &lt;Editor&gt;</dc:creator>');
    expect(first).toContain('<category>a&amp;b</category>');
    expect(first).toContain('<description>Fish &amp; chips aren&apos;t AI</description>');
    expect(first).toContain(`href=&quot;${PUBLIC_URL}/refund-policy&quot;`);
    expect(first).toContain(`src=&quot;${PUBLIC_URL}/uploads/demo/x.svg&quot;`);
    expect(xml).toContain(`<lastBuildDate>${new Date(clock.getTime() - 60_000).toUTCString()}</lastBuildDate>`);
    expect(xml).not.toContain(hidden.slug);
    for (const loc of xml.matchAll(/<link>([^<]*)<\/link>/g)) expect(loc[1]?.startsWith(`${PUBLIC_URL}/`)).toBe(true);
  });

  it('sitemap.xml lists the blog and every public post with its last edit, not drafts or scheduled ones', async () => {
    const editedAt = daysAgo(1);
    const post = await createBlogPost(t.db, { publishedAt: daysAgo(2), updatedAt: editedAt });
    const draft = await createBlogPost(t.db, { publishedAt: null });
    const scheduled = await createBlogPost(t.db, { publishedAt: new Date(clock.getTime() + DAY_MS) });
    // The sitemap is rebuilt at most every 5 minutes: move past whatever an earlier test built.
    clock = new Date(clock.getTime() + 10 * 60_000);
    const xml = (await t.app.inject({ method: 'GET', url: '/sitemap.xml' })).body;
    expect(xml).toContain(`<url><loc>${PUBLIC_URL}/blog</loc></url>`);
    expect(xml).toContain(
      `<url><loc>${PUBLIC_URL}/blog/${post.slug}</loc><lastmod>${editedAt.toISOString()}</lastmod></url>`,
    );
    expect(xml).not.toContain(draft.slug);
    expect(xml).not.toContain(scheduled.slug);
  });
});
