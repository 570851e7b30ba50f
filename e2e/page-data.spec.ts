import { expect, test } from '@playwright/test';

// React Router writes every loader's answer into the page (a turbo-stream) for the browser to
// hydrate from. The catalogue pages send only what their components show: a card needs no plan
// features, the product page no Markdown source or tags. Their loaders hand it over as one JSON
// text (decision 052), a string in the turbo-stream's JSON inside the page's script, so a key is
// written with its quotes escaped twice.
test.skip(({ isMobile }) => isMobile, 'server behaviour, the same for every viewport');

const sentKey = (key: string) => `\\\\\\"${key}\\\\\\"`;

test('catalogue pages hand the browser what they show, not the whole API answer', async ({ request }) => {
  const pages = [
    { path: '/', left: ['features', 'description', 'isFeatured', 'createdAt'] },
    { path: '/trending', left: ['features', 'description', 'isFeatured', 'createdAt'] },
    { path: '/search?q=ai', left: ['features', 'description', 'isFeatured', 'createdAt'] },
    // The category's own description is the page's subtitle, so only product fields are left out.
    { path: '/categories/writing', left: ['features', 'isFeatured', 'createdAt', 'tags'] },
    { path: '/products/reelsmith', left: ['description', 'tags', 'isFeatured', 'createdAt'] },
  ];
  for (const { path, left } of pages) {
    const html = await (await request.get(path)).text();
    // A key every one of these pages sends, so a change of format cannot pass unnoticed.
    expect(html, path).toContain(sentKey('upvoteCount'));
    for (const key of left) expect(html, `${path} sends "${key}"`).not.toContain(sentKey(key));
  }
});
