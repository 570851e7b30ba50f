import sharp from 'sharp';

/**
 * The demo share cards as PNG (requirements §10: social sites do not show SVG). The SVGs are our own
 * (packages/db/src/seed/svg-share.ts), drawn by librsvg inside sharp with the system's fonts.
 */
export function svgToPng(svg: string): Promise<Uint8Array> {
  return sharp(Buffer.from(svg)).png({ compressionLevel: 9, palette: false }).toBuffer();
}
