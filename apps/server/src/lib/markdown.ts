import MarkdownIt from 'markdown-it';

// Raw HTML in Markdown is escaped, not passed through (html: false): seller-written
// descriptions can never inject markup or scripts into a product page.
const markdown = new MarkdownIt({ html: false, linkify: true, typographer: true });

const defaultLinkOpen =
  markdown.renderer.rules.link_open ?? ((tokens, idx, options, _env, self) => self.renderToken(tokens, idx, options));

// Links in seller text leave the store: open them in a new tab, without passing our page.
markdown.renderer.rules.link_open = (tokens, idx, options, env, self) => {
  const token = tokens[idx];
  token?.attrSet('target', '_blank');
  token?.attrSet('rel', 'noopener noreferrer nofollow');
  return defaultLinkOpen(tokens, idx, options, env, self);
};

export function renderMarkdown(source: string): string {
  return markdown.render(source);
}
