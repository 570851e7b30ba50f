/**
 * The three gallery images of a demo product: stylised 1280×800 app screenshots (dashboard,
 * editor, results) in the product's palette, so every product page has a believable gallery.
 * Colours and fonts live in CSS classes and placeholder text is drawn as stroked paths, which
 * keeps each file under ~6 KB.
 */
import { createRandom, hashString, type Random, randomInt } from './prng';
import { escapeXml, fontStack, initialsOf, mixColor, type Palette, sparklePath } from './svg';

export type ScreenKind = 'dashboard' | 'editor' | 'results';

export const screenKinds: ScreenKind[] = ['dashboard', 'editor', 'results'];

export type ScreenInput = {
  slug: string;
  name: string;
  tagline: string;
  palette: Palette;
  metricLabels: readonly [string, string, string];
};

// Window geometry, in the window's own coordinates (it is drawn translated onto the backdrop).
const W = 1168;
const H = 704;
const MAIN_X = 256;
const MAIN_W = W - MAIN_X - 32;

/** Class names used below: fills (w white, l line grey, c mid grey, k ink, s slate, f faint, p palette, g gradient, t/q tints). */
function styleSheet(palette: Palette): string {
  const tint = mixColor(palette.start, '#FFFFFF', 0.88);
  const soft = mixColor(palette.start, '#FFFFFF', 0.94);
  const mid = mixColor(palette.start, '#FFFFFF', 0.55);
  return [
    // No font-size here: CSS would beat the font-size attributes; 14 is set on the root instead.
    `text{font-family:${fontStack};fill:#64748B}`,
    '.b{font-weight:700}.x{font-weight:800}.m{text-anchor:middle}.e{text-anchor:end}',
    `.w{fill:#fff}.l{fill:#E2E8F0}.c{fill:#CBD5E1}.k{fill:#0F172A}.s{fill:#475569}.f{fill:#F1F5F9}`,
    `.p{fill:${palette.start}}.g{fill:url(#g)}.r{fill:url(#r)}.t{fill:${tint}}.q{fill:${soft}}.o{stroke:#E2E8F0}`,
    '.z{fill:none;stroke-linecap:round}.z1{stroke:#E2E8F0}.z2{stroke:#CBD5E1}',
    `.z3{stroke:${mid}}.z4{stroke:url(#g)}.z5{stroke:#F1F5F9}.z6{stroke:${tint}}.z7{stroke:#fff}.z8{stroke:${palette.start}}.sq{stroke-width:6;stroke-linejoin:round}`,
    '.u{fill:#DCFCE7}.y{fill:#15803D}.n{font-size:12px}',
  ].join('');
}

function rect(x: number, y: number, w: number, h: number, rx: number, cls: string, extra = ''): string {
  const at = `${x ? ` x="${x}"` : ''}${y ? ` y="${y}"` : ''}`;
  return `<rect${at} width="${w}" height="${h}"${rx ? ` rx="${rx}"` : ''}${cls ? ` class="${cls}"` : ''}${extra}/>`;
}

function text(x: number, y: number, content: string, cls = '', size = 14): string {
  const attrs = `${size !== 14 ? ` font-size="${size}"` : ''}${cls ? ` class="${cls}"` : ''}`;
  return `<text x="${x}" y="${y}"${attrs}>${escapeXml(content)}</text>`;
}

/** Horizontal rounded bars (placeholder text, progress bars) as one path: [x, y, length][]. */
function bars(segments: [number, number, number][], width: number, cls: string): string {
  const d = segments.map(([x, y, length]) => `M${x} ${y}h${length}`).join('');
  return `<path d="${d}" stroke-width="${width}" class="z ${cls}"/>`;
}

/** Small rounded squares (icons) as one path: a square inset by 3 and stroked 6 wide with round joins. */
function squares(origins: [number, number][], size: number, cls: string): string {
  const d = origins.map(([x, y]) => `M${x + 3} ${y + 3}h${size - 6}v${size - 6}h${6 - size}z`).join('');
  return `<path d="${d}" class="sq ${cls}"/>`;
}

function card(x: number, y: number, w: number, h: number): string {
  return rect(x, y, w, h, 12, 'w o');
}

function truncate(value: string, max: number): string {
  return value.length > max ? `${value.slice(0, max - 1).trimEnd()}…` : value;
}

function formatFigure(value: number): string {
  return value >= 10000 ? `${(value / 1000).toFixed(1)}k` : value.toLocaleString('en-US');
}

const navLabels = ['Overview', 'Projects', 'Editor', 'Results', 'Templates', 'Settings'];
const activeNav: Record<ScreenKind, number> = { dashboard: 0, editor: 2, results: 3 };
const subtitles: Record<ScreenKind, string> = {
  dashboard: 'Overview · last 30 days',
  editor: 'Draft · saved just now',
  results: 'Results · 6 generated',
};
const actions: Record<ScreenKind, string> = { dashboard: '+ New project', editor: 'Publish', results: 'Export all' };

function renderChrome(input: ScreenInput): string {
  return [
    rect(0, 0, W, 44, 0, 'f'),
    `<path d="M0 44H${W}M224 44V${H}" class="o"/>`,
    '<circle cx="22" cy="22" r="6.5" fill="#FF5F57"/><circle cx="44" cy="22" r="6.5" fill="#FEBC2E"/><circle cx="66" cy="22" r="6.5" fill="#28C840"/>',
    rect(W / 2 - 170, 11, 340, 22, 11, 'w o'),
    text(W / 2, 26, `app.${input.slug}.example`, 'm', 12),
  ].join('');
}

function renderSidebar(input: ScreenInput, kind: ScreenKind, random: Random): string {
  const parts = [
    rect(0, 45, 223, H - 45, 0, 'q'),
    rect(20, 68, 36, 36, 10, 'g'),
    text(38, 92, initialsOf(input.name).slice(0, 1), 'x m w', 18),
    // Long names get a smaller size instead of running past the sidebar's 150 px.
    text(
      66,
      92,
      truncate(input.name, 18),
      'b k',
      Math.max(12, Math.min(17, Math.floor(150 / (input.name.length * 0.65)))),
    ),
  ];
  const icons: [number, number][] = [];
  navLabels.forEach((label, i) => {
    const y = 136 + i * 42;
    const isActive = i === activeNav[kind];
    if (isActive) parts.push(rect(12, y, 200, 34, 9, 'p'), squares([[26, y + 10]], 14, 'w z7'));
    else icons.push([26, y + 10]);
    parts.push(text(52, y + 22, label, isActive ? 'b w' : 's'));
  });
  parts.push(squares(icons, 14, 'c z2'));
  const used = randomInt(random, 35, 85);
  parts.push(
    rect(16, H - 126, 192, 96, 12, 'w o'),
    text(32, H - 96, 'AI credits', 'b', 13),
    bars([[36, H - 76, 152]], 8, 'z1'),
    // Solid, not the gradient: a gradient stroke on a single flat line has a zero-height box and vanishes.
    bars([[36, H - 76, Math.round(1.52 * used)]], 8, 'z8'),
    text(32, H - 50, `${used}% used this month`, '', 12),
  );
  return parts.join('');
}

function renderHeader(input: ScreenInput, kind: ScreenKind): string {
  return [
    text(MAIN_X, 104, truncate(input.name, 40), 'x k', 26),
    text(MAIN_X, 130, subtitles[kind]),
    rect(W - 184, 80, 152, 40, 10, 'g'),
    text(W - 108, 105, actions[kind], 'b m w'),
  ].join('');
}

function renderDashboard(input: ScreenInput, random: Random): string {
  const parts: string[] = [];
  input.metricLabels.forEach((label, i) => {
    const x = MAIN_X + i * 300;
    const delta = (randomInt(random, 20, 240) / 10).toFixed(1);
    parts.push(
      card(x, 156, 280, 108),
      text(x + 20, 190, label, 'b', 13),
      text(x + 20, 234, formatFigure(randomInt(random, 120, 98000)), 'x k', 30),
      rect(x + 186, 214, 74, 26, 13, 'u'),
      text(x + 223, 232, `+${delta}%`, 'b m y', 13),
    );
  });
  // A rising random walk: demo dashboards should look like things are going well.
  const chartX = MAIN_X + 24;
  const chartW = 532;
  const points: string[] = [];
  let level = 0.15 + random() * 0.15;
  let lastY = 0;
  for (let i = 0; i < 12; i++) {
    level = Math.min(0.95, Math.max(0.08, level + (random() - 0.3) * 0.2));
    lastY = Math.round(640 - level * 270);
    points.push(`${Math.round(chartX + (i * chartW) / 11)} ${lastY}`);
  }
  const line = points.join('L');
  parts.push(
    card(MAIN_X, 284, 580, 388),
    text(MAIN_X + 24, 320, 'Growth', 'b k', 16),
    text(MAIN_X + 556, 320, 'Last 12 weeks', 'e', 13),
    `<path d="M${chartX} 380h${chartW}M${chartX} 467h${chartW}M${chartX} 554h${chartW}M${chartX} 641h${chartW}" stroke-width="2" class="z z5"/>`,
    `<path d="M${line}L${chartX + chartW} 646L${chartX} 646Z" fill="url(#a)"/>`,
    `<path d="M${line}" stroke-width="4" stroke-linejoin="round" stroke="${input.palette.start}" class="z"/>`,
    `<circle cx="${chartX + chartW}" cy="${lastY}" r="7" stroke-width="4" stroke="${input.palette.start}" class="w"/>`,
  );
  const sideX = MAIN_X + 600;
  parts.push(card(sideX, 284, 280, 388), text(sideX + 24, 320, 'Top sources', 'b k', 16));
  const labels: [number, number, number][] = [];
  const tracks: [number, number, number][] = [];
  const fills: [number, number, number][] = [];
  for (let i = 0; i < 5; i++) {
    const y = 365 + i * 60;
    const share = randomInt(random, 30 - i * 5, 92 - i * 12);
    labels.push([sideX + 29, y, randomInt(random, 50, 120)]);
    tracks.push([sideX + 28, y + 22, 224]);
    fills.push([sideX + 28, y + 22, Math.round(2.24 * share)]);
    parts.push(text(sideX + 256, y + 5, `${share}%`, 'b s e', 13));
  }
  parts.push(bars(labels, 10, 'z2'), bars(tracks, 8, 'z5'), bars(fills, 8, 'z4'));
  return parts.join('');
}

function renderEditor(input: ScreenInput, random: Random): string {
  // A toolbar of nine buttons in two groups; the sixth (the AI action) is highlighted.
  const tools = Array.from({ length: 9 }, (_, i): [number, number] => [MAIN_X + 18 + i * 34 + (i > 3 ? 16 : 0), 169]);
  const parts = [
    card(MAIN_X, 156, 580, 44),
    squares(
      tools.filter((_, i) => i !== 5),
      18,
      'c z2',
    ),
    squares(
      tools.filter((_, i) => i === 5),
      18,
      'p z8',
    ),
  ];
  parts.push(card(MAIN_X, 216, 580, 456), text(MAIN_X + 32, 262, truncate(input.tagline, 46), 'b k', 18));
  const plain: [number, number, number][] = [];
  const suggested: [number, number, number][] = [];
  let y = 297;
  for (let paragraph = 0; paragraph < 4; paragraph++) {
    // At most 11 lines in all, so the last paragraph still ends inside the card.
    const lines = paragraph === 3 ? Math.min(3, Math.floor((650 - y) / 24)) : randomInt(random, 2, 3);
    const isSuggestion = paragraph === 2;
    if (isSuggestion) {
      parts.push(
        rect(MAIN_X + 20, y - 17, 540, lines * 24 + 16, 8, 't'),
        rect(MAIN_X + 20, y - 17, 4, lines * 24 + 16, 2, 'p'),
      );
    }
    for (let line = 0; line < lines; line++) {
      const width = line === lines - 1 ? randomInt(random, 150, 350) : randomInt(random, 430, 500);
      (isSuggestion ? suggested : plain).push([MAIN_X + 37, y, width]);
      y += 24;
    }
    y += 22;
  }
  parts.push(bars(plain, 10, 'z1'), bars(suggested, 10, 'z3'));
  const panelX = MAIN_X + 600;
  parts.push(
    rect(panelX, 156, 280, 516, 12, 'q o'),
    `<path d="${sparklePath(panelX + 32, 190, 10)}" class="p"/>`,
    text(panelX + 52, 196, 'AI assistant', 'b k', 16),
  );
  const lines: [number, number, number][] = [];
  ['Rewrite', 'Expand', 'Shorten'].forEach((label, i) => {
    const top = 222 + i * 124;
    lines.push(
      [panelX + 36, top + 46, randomInt(random, 170, 200)],
      [panelX + 36, top + 62, randomInt(random, 100, 180)],
    );
    parts.push(
      card(panelX + 16, top, 248, 108),
      text(panelX + 32, top + 28, label, 'b p', 13),
      rect(panelX + 184, top + 74, 64, 24, 12, 'g'),
      text(panelX + 216, top + 90, 'Apply', 'b m w', 12),
    );
  });
  parts.push(
    bars(lines, 8, 'z1'),
    rect(panelX + 16, 606, 248, 44, 10, 'w o'),
    text(panelX + 32, 633, 'Ask anything…', '', 13),
  );
  return parts.join('');
}

// Thumbnails of generated results: a landscape, two discs, a wave; defined once and reused.
const thumbShapes = [
  '<path d="M0 118L70 50L120 92L170 40L260 118Z" opacity=".28" class="w"/><circle cx="200" cy="34" r="14" opacity=".6" class="w"/>',
  '<circle cx="80" cy="60" r="44" opacity=".22" class="w"/><circle cx="170" cy="66" r="30" opacity=".32" class="w"/>',
  '<path d="M0 84C50 54 90 110 140 80S220 50 260 70V118H0Z" opacity=".26" class="w"/><rect x="24" y="24" width="90" height="10" rx="5" opacity=".6" class="w"/>',
];

function renderResults(input: ScreenInput, random: Random): string {
  const parts = [
    rect(
      MAIN_X,
      156,
      MAIN_W,
      56,
      12,
      'w',
      ` stroke="${mixColor(input.palette.start, '#FFFFFF', 0.5)}" stroke-width="2"`,
    ),
    `<path d="${sparklePath(MAIN_X + 30, 184, 10)}" class="p"/>`,
    text(MAIN_X + 52, 189, truncate(input.tagline, 64), 's', 15),
    rect(MAIN_X + MAIN_W - 132, 164, 122, 40, 9, 'g'),
    text(MAIN_X + MAIN_W - 71, 189, 'Generate', 'b m w'),
  ];
  // Filter chips: pills drawn as thick round-capped strokes; the first one is selected.
  parts.push(
    rect(MAIN_X, 230, 96, 30, 15, 'p'),
    bars(
      [1, 2, 3].map((i) => [MAIN_X + i * 108 + 15, 245, 66]),
      30,
      'z5',
    ),
  );
  ['All', 'Favourites', 'Recent', 'Shared'].forEach((chip, i) => {
    parts.push(text(MAIN_X + i * 108 + 48, 250, chip, i === 0 ? 'b m w' : 'b m s', 13));
  });
  const titles: [number, number, number][] = [];
  const captions: [number, number, number][] = [];
  const shapeOffset = randomInt(random, 0, thumbShapes.length - 1);
  for (let i = 0; i < 6; i++) {
    // Every row shows each thumbnail shape once, the second row shifted by one.
    const shape = (i + Math.floor(i / 3) + shapeOffset) % thumbShapes.length;
    const x = MAIN_X + (i % 3) * 300;
    const y = 280 + Math.floor(i / 3) * 200;
    titles.push([x + 19, y + 151, randomInt(random, 100, 160)]);
    captions.push([x + 18, y + 168, randomInt(random, 50, 90)]);
    parts.push(
      `<g transform="translate(${x} ${y})">`,
      `<use href="#c${i % 2 === 0 ? 'g' : 'r'}"/><use href="#s${shape}"/>`,
      text(239, 161, `${randomInt(random, 86, 99)}%`, 'b m p n'),
      '</g>',
    );
  }
  parts.push(bars(titles, 10, 'z2'), bars(captions, 8, 'z1'));
  return parts.join('');
}

const renderers: Record<ScreenKind, (input: ScreenInput, random: Random) => string> = {
  dashboard: renderDashboard,
  editor: renderEditor,
  results: renderResults,
};

function renderDefs(input: ScreenInput, kind: ScreenKind): string {
  const { start, end } = input.palette;
  const gradient = (id: string, x1: number, x2: number, from: string) =>
    `<linearGradient id="${id}" x1="${x1}" y1="0" x2="${x2}" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${end}"/></linearGradient>`;
  return [
    '<defs>',
    `<style>${styleSheet(input.palette)}</style>`,
    gradient('g', 0, 1, start),
    // The mirrored gradient borrows g's stops through href instead of repeating them.
    '<linearGradient id="r" href="#g" x1="1" x2="0"/>',
    kind === 'dashboard'
      ? `<linearGradient id="a" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${start}" stop-opacity=".28"/><stop offset="1" stop-color="${start}" stop-opacity="0"/></linearGradient>`
      : '',
    '<radialGradient id="h" cx=".15" cy="0" r="1"><stop offset="0" stop-color="#fff" stop-opacity=".35"/><stop offset=".7" stop-color="#fff" stop-opacity="0"/></radialGradient>',
    '<filter id="d" x="-8%" y="-8%" width="116%" height="124%"><feDropShadow dy="18" stdDeviation="22" flood-color="#0F172A" flood-opacity=".3"/></filter>',
    `<clipPath id="w">${rect(0, 0, W, H, 14, '')}</clipPath>`,
    kind === 'results'
      ? [
          `<clipPath id="tc">${rect(0, 0, 260, 118, 8, '')}</clipPath>`,
          ...thumbShapes.map(
            (shape, i) => `<g id="s${i}" transform="translate(10 10)" clip-path="url(#tc)">${shape}</g>`,
          ),
          `<g id="cd">${card(0, 0, 280, 184)}${rect(212, 144, 54, 24, 12, 't')}</g>`,
          `<g id="cg"><use href="#cd"/>${rect(10, 10, 260, 118, 8, 'g')}</g>`,
          `<g id="cr"><use href="#cd"/>${rect(10, 10, 260, 118, 8, 'r')}</g>`,
        ].join('')
      : '',
    '</defs>',
  ].join('');
}

export function renderScreenSvg(input: ScreenInput, kind: ScreenKind): string {
  const random = createRandom(hashString(`${input.slug}:${kind}`));
  return [
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1280 800" width="1280" height="800" font-size="14">',
    renderDefs(input, kind),
    '<rect width="1280" height="800" class="g"/><rect width="1280" height="800" fill="url(#h)"/>',
    rect(56, 48, W, H, 14, 'w', ' filter="url(#d)"'),
    '<g transform="translate(56 48)" clip-path="url(#w)">',
    renderChrome(input),
    renderSidebar(input, kind, random),
    renderHeader(input, kind),
    renderers[kind](input, random),
    '</g>',
    '</svg>',
  ].join('');
}
