/**
 * Blog cover images, drawn as SVG like the catalogue's (requirements §10: generated locally,
 * never fetched). 1200×630, the size OpenGraph and most feed readers expect.
 */
import { escapeXml, fontStack, mixColor, type Palette, sparklePath } from './svg';

export type BlogCoverInput = { title: string; tags: string[]; palette: Palette; variant: number };

const WIDTH = 1200;
const HEIGHT = 630;
const TITLE_SIZE = 60;
const LINE_HEIGHT = 74;
/** At 60 px an average glyph of the font stack is about 31 px wide: 30 characters fill ~930 px. */
const CHARS_PER_LINE = 30;
const MAX_LINES = 4;

/** Greedy word wrap; a last line that would overflow ends with an ellipsis. */
export function wrapTitle(title: string, perLine = CHARS_PER_LINE, maxLines = MAX_LINES): string[] {
  const lines: string[] = [];
  let current = '';
  for (const word of title.split(/\s+/).filter(Boolean)) {
    const next = current ? `${current} ${word}` : word;
    if (next.length <= perLine || !current) {
      current = next;
      continue;
    }
    lines.push(current);
    current = word;
  }
  if (current) lines.push(current);
  if (lines.length <= maxLines) return lines;
  const kept = lines.slice(0, maxLines);
  kept[maxLines - 1] = `${kept[maxLines - 1]?.replace(/[\s,.:;]+$/, '')}…`;
  return kept;
}

/** Soft shapes behind the text, one arrangement per variant so neighbouring covers differ. */
const decorations = [
  (tint: string) =>
    `<circle cx="1040" cy="120" r="220" fill="${tint}" fill-opacity=".18"/><circle cx="1130" cy="560" r="150" fill="#fff" fill-opacity=".08"/>`,
  (tint: string) =>
    `<path d="M700 630C820 470 980 520 1200 380V630Z" fill="${tint}" fill-opacity=".2"/><circle cx="1080" cy="140" r="90" fill="#fff" fill-opacity=".1"/>`,
  (tint: string) =>
    `<rect x="860" y="-80" width="420" height="420" rx="80" transform="rotate(18 1070 130)" fill="${tint}" fill-opacity=".18"/><rect x="980" y="430" width="260" height="260" rx="60" transform="rotate(-12 1110 560)" fill="#fff" fill-opacity=".08"/>`,
  (tint: string) =>
    `<path d="M820 0H1200V340C1080 300 940 200 820 0Z" fill="${tint}" fill-opacity=".2"/><circle cx="960" cy="560" r="110" fill="#fff" fill-opacity=".08"/>`,
];

export function renderBlogCoverSvg({ title, tags, palette, variant }: BlogCoverInput): string {
  const tint = mixColor(palette.end, '#FFFFFF', 0.35);
  const lines = wrapTitle(title);
  const titleTop = 300 - ((lines.length - 1) * LINE_HEIGHT) / 2;
  const titleText = lines
    .map((line, i) => `<tspan x="80" y="${Math.round(titleTop + i * LINE_HEIGHT)}">${escapeXml(line)}</tspan>`)
    .join('');
  let chipX = 80;
  const chips = tags.slice(0, 3).map((tag) => {
    const label = escapeXml(tag.toUpperCase());
    const width = Math.round(tag.length * 13 + 40);
    const chip = `<g transform="translate(${chipX} 520)"><rect width="${width}" height="44" rx="22" fill="#fff" fill-opacity=".18"/><text x="${width / 2}" y="29" text-anchor="middle" font-size="18" font-weight="700" letter-spacing="1.5" fill="#fff">${label}</text></g>`;
    chipX += width + 14;
    return chip;
  });
  const decoration = decorations[variant % decorations.length]?.(tint) ?? '';
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${WIDTH} ${HEIGHT}" width="${WIDTH}" height="${HEIGHT}" font-family="${escapeXml(fontStack)}">`,
    '<defs>',
    `<linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${palette.start}"/><stop offset="1" stop-color="${palette.end}"/></linearGradient>`,
    '<radialGradient id="h" cx=".15" cy=".1" r="1"><stop offset="0" stop-color="#fff" stop-opacity=".25"/><stop offset=".55" stop-color="#fff" stop-opacity="0"/></radialGradient>',
    '</defs>',
    `<rect width="${WIDTH}" height="${HEIGHT}" fill="url(#g)"/>`,
    decoration,
    `<rect width="${WIDTH}" height="${HEIGHT}" fill="url(#h)"/>`,
    `<path d="${sparklePath(96, 92, 16)}" fill="#fff"/>`,
    '<text x="128" y="101" font-size="26" font-weight="700" fill="#fff">Everdeal blog</text>',
    `<text font-size="${TITLE_SIZE}" font-weight="800" letter-spacing="-1" fill="#fff">${titleText}</text>`,
    ...chips,
    '</svg>',
  ].join('');
}
