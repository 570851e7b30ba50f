/**
 * Demo images drawn as SVG strings: requirements §10 says demo images are generated locally and never
 * fetched, and SVG keeps each file a few kilobytes while staying sharp at any size.
 */
export type Palette = { start: string; end: string };

/** Hand-picked gradient pairs that read well with white text on top. */
export const palettes: Palette[] = [
  { start: '#6366F1', end: '#A855F7' },
  { start: '#0EA5E9', end: '#2563EB' },
  { start: '#10B981', end: '#0D9488' },
  { start: '#F97316', end: '#E11D48' },
  { start: '#EC4899', end: '#9333EA' },
  { start: '#F59E0B', end: '#EA580C' },
  { start: '#06B6D4', end: '#4F46E5' },
  { start: '#84CC16', end: '#059669' },
  { start: '#EF4444', end: '#DB2777' },
  { start: '#8B5CF6', end: '#EC4899' },
  { start: '#14B8A6', end: '#0284C7' },
  { start: '#475569', end: '#0F172A' },
  { start: '#F43F5E', end: '#7C3AED' },
  { start: '#3B82F6', end: '#06B6D4' },
  { start: '#D946EF', end: '#6366F1' },
  { start: '#22C55E', end: '#0F766E' },
];

export function pickPalette(index: number): Palette {
  // The modulo keeps the index in range, so the fallback only satisfies the type checker.
  return palettes[index % palettes.length] ?? { start: '#6366F1', end: '#A855F7' };
}

/** Text and attribute values both pass through here: product names may contain & or quotes. */
export function escapeXml(value: string): string {
  return value
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&apos;');
}

/** Mixes a #RRGGBB colour towards another; used for tints (towards white) and shades. */
export function mixColor(color: string, target: string, amount: number): string {
  const channel = (hex: string, offset: number) => Number.parseInt(hex.slice(1 + offset, 3 + offset), 16);
  let out = '#';
  for (const offset of [0, 2, 4]) {
    const value = Math.round(channel(color, offset) * (1 - amount) + channel(target, offset) * amount);
    out += value.toString(16).padStart(2, '0');
  }
  return out.toUpperCase();
}

export const fontStack = "Inter,'Segoe UI',system-ui,Arial,sans-serif";

/** "Headshot Harbor" → "HH", "Quillstream" → "Q": one letter reads better on a small logo. */
export function initialsOf(name: string): string {
  const words = name.split(/\s+/).filter(Boolean);
  const letters = words.length > 1 ? words.slice(0, 2).map((word) => word[0]) : [name[0]];
  return letters.join('').toUpperCase();
}

/** A four-pointed sparkle, the usual visual shorthand for "AI", centred on (x, y). */
export function sparklePath(x: number, y: number, size: number): string {
  const s = size;
  const k = Math.round(size * 0.22);
  return `M${x} ${y - s}C${x + k} ${y - k} ${x + k} ${y - k} ${x + s} ${y}C${x + k} ${y + k} ${x + k} ${y + k} ${x} ${y + s}C${x - k} ${y + k} ${x - k} ${y + k} ${x - s} ${y}C${x - k} ${y - k} ${x - k} ${y - k} ${x} ${y - s}Z`;
}

/** The product logo: a rounded square in the product's gradient with its initials in white. */
export function renderLogoSvg(name: string, palette: Palette, variant: number): string {
  const initials = escapeXml(initialsOf(name));
  const fontSize = initials.length > 1 ? 100 : 132;
  const decorations = [
    '<circle cx="214" cy="222" r="92" fill="none" stroke="#fff" stroke-opacity=".16" stroke-width="18"/>',
    '<path d="M0 190C60 160 110 230 170 200S240 170 256 176V256H0Z" fill="#fff" fill-opacity=".13"/>',
    '<circle cx="36" cy="226" r="70" fill="#fff" fill-opacity=".1"/><circle cx="226" cy="30" r="46" fill="#fff" fill-opacity=".1"/>',
    '<path d="M-20 256L256 -20V40L40 256Z" fill="#fff" fill-opacity=".1"/>',
  ];
  const decoration = decorations[variant % decorations.length] ?? '';
  return [
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 256 256" width="256" height="256">',
    '<defs>',
    `<linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${palette.start}"/><stop offset="1" stop-color="${palette.end}"/></linearGradient>`,
    '<radialGradient id="h" cx=".2" cy=".1" r=".9"><stop offset="0" stop-color="#fff" stop-opacity=".32"/><stop offset=".6" stop-color="#fff" stop-opacity="0"/></radialGradient>',
    '<clipPath id="c"><rect width="256" height="256" rx="60"/></clipPath>',
    '</defs>',
    '<g clip-path="url(#c)">',
    '<rect width="256" height="256" fill="url(#g)"/>',
    decoration,
    '<rect width="256" height="256" fill="url(#h)"/>',
    '</g>',
    `<text x="128" y="132" dy=".35em" text-anchor="middle" font-family="${escapeXml(fontStack)}" font-size="${fontSize}" font-weight="800" letter-spacing="-2" fill="#fff">${initials}</text>`,
    `<path d="${sparklePath(196, 62, 18)}" fill="#fff" fill-opacity=".9"/>`,
    '</svg>',
  ].join('');
}
