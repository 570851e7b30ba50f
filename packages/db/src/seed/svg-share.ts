/**
 * A demo product's share card: the 1200×630 image OpenGraph and Twitter cards show (requirements §10).
 * Social sites do not display SVG, so this SVG is only the source: the server turns it into
 * `share.png` with sharp when it writes the demo media (media.ts).
 */

import { escapeXml, fontStack, mixColor, type Palette, sparklePath } from './svg';
import { wrapTitle } from './svg-blog';

export const SHARE_CARD_WIDTH = 1200;
export const SHARE_CARD_HEIGHT = 630;

export type ShareCardInput = {
  name: string;
  tagline: string;
  categoryName: string;
  palette: Palette;
  /** The product's logo and first gallery screen, drawn into the card. */
  logoSvg: string;
  screenSvg: string;
};

const dataUri = (svg: string) => `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;

/**
 * Name on the left (about 12 characters fit a line at 68 px before the screen; a longer single
 * word is drawn smaller), tagline below, the app's screen on the right.
 */
export function renderShareCardSvg({
  name,
  tagline,
  categoryName,
  palette,
  logoSvg,
  screenSvg,
}: ShareCardInput): string {
  const glow = mixColor(palette.start, '#FFFFFF', 0.1);
  const nameLines = wrapTitle(name, 12, 2);
  const nameSize = nameLines.some((line) => line.length > 12) ? 52 : 68;
  const taglineLines = wrapTitle(tagline, 30, 3);
  const nameTop = 300;
  const taglineTop = nameTop + (nameLines.length - 1) * 76 + 64;
  const lines = (items: string[], top: number, step: number) =>
    items.map((line, i) => `<tspan x="80" y="${top + i * step}">${escapeXml(line)}</tspan>`).join('');
  const category = escapeXml(categoryName.toUpperCase());
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${SHARE_CARD_WIDTH} ${SHARE_CARD_HEIGHT}" width="${SHARE_CARD_WIDTH}" height="${SHARE_CARD_HEIGHT}" font-family="${escapeXml(fontStack)}">`,
    '<defs>',
    '<linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#140B2E"/><stop offset="1" stop-color="#24124F"/></linearGradient>',
    `<radialGradient id="glow" cx=".8" cy=".15" r=".75"><stop offset="0" stop-color="${glow}" stop-opacity=".55"/><stop offset="1" stop-color="${glow}" stop-opacity="0"/></radialGradient>`,
    `<linearGradient id="frame" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${palette.start}"/><stop offset="1" stop-color="${palette.end}"/></linearGradient>`,
    '<clipPath id="screen"><rect x="650" y="118" width="640" height="400" rx="22"/></clipPath>',
    '</defs>',
    `<rect width="${SHARE_CARD_WIDTH}" height="${SHARE_CARD_HEIGHT}" fill="url(#bg)"/>`,
    `<rect width="${SHARE_CARD_WIDTH}" height="${SHARE_CARD_HEIGHT}" fill="url(#glow)"/>`,
    '<rect x="626" y="94" width="688" height="448" rx="34" fill="url(#frame)" fill-opacity=".35"/>',
    `<image x="650" y="118" width="640" height="400" clip-path="url(#screen)" href="${dataUri(screenSvg)}"/>`,
    `<image x="80" y="72" width="112" height="112" href="${dataUri(logoSvg)}"/>`,
    `<text x="216" y="118" font-size="22" font-weight="700" letter-spacing="2" fill="${mixColor(palette.start, '#FFFFFF', 0.55)}">${category}</text>`,
    '<text x="216" y="154" font-size="26" font-weight="600" fill="#FFFFFF" fill-opacity=".85">Lifetime deal</text>',
    `<text font-size="${nameSize}" font-weight="800" letter-spacing="-1.5" fill="#FFFFFF">${lines(nameLines, nameTop, 76)}</text>`,
    `<text font-size="30" fill="#D9D3F0">${lines(taglineLines, taglineTop, 42)}</text>`,
    `<path d="${sparklePath(96, 560, 16)}" fill="#FFFFFF"/>`,
    '<text x="128" y="570" font-size="28" font-weight="800" fill="#FFFFFF">Everdeal</text>',
    '<text x="264" y="569" font-size="22" fill="#B9B0DA">Lifetime deals on AI software</text>',
    '</svg>',
  ].join('');
}
