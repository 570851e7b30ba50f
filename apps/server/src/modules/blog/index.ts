/**
 * The blog module's public face (docs/architecture.md "Server modules"): what other modules,
 * app.ts and the jobs may use. The blog (decision 009): its API, its RSS feed, and the reads pages and the sitemap use.
 * Everything else in this folder is private to it.
 */

export { blogHandlers } from './blog.routes';
export { type BlogDeps, getPost, getPostSitemapEntries, getPosts } from './blog.service';
export { registerBlogFeed } from './blog-feed';
