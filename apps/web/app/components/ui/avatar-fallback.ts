/**
 * Requirements §3: without an image the avatar shows initials on a colour derived from the name, so
 * the same person always gets the same colour. Every colour keeps white text above 4.5:1.
 */
export const AVATAR_COLORS = [
  '#6323f0',
  '#0f766e',
  '#b45309',
  '#be185d',
  '#1d4ed8',
  '#047857',
  '#7e22ce',
  '#c2410c',
  '#0e7490',
  '#4d7c0f',
] as const;

/** One or two letters: first and last word of the name, or the start of a single word. */
export function avatarInitials(name: string): string {
  const words = name
    .trim()
    .split(/[\s@._-]+/)
    .filter(Boolean);
  if (words.length === 0) return '?';
  const first = Array.from(words[0] ?? '')[0] ?? '';
  const last = words.length > 1 ? (Array.from(words[words.length - 1] ?? '')[0] ?? '') : '';
  return (first + last).toUpperCase() || '?';
}

/** A stable colour for a name (FNV-1a hash, case-insensitive). */
export function avatarColor(name: string): string {
  let hash = 0x811c9dc5;
  for (const char of name.trim().toLowerCase()) {
    hash ^= char.codePointAt(0) ?? 0;
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return AVATAR_COLORS[hash % AVATAR_COLORS.length] ?? AVATAR_COLORS[0];
}
