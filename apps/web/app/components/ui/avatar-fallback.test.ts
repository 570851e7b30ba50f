import { describe, expect, it } from 'vitest';
import { AVATAR_COLORS, avatarColor, avatarInitials } from './avatar-fallback';

describe('avatarInitials (requirements §3)', () => {
  it.each([
    ['Ada Lovelace', 'AL'],
    ['ada', 'A'],
    ['Jean Claude Van Damme', 'JD'],
    ['  grace   hopper ', 'GH'],
    ['ömer şahin', 'ÖŞ'],
    ['', '?'],
  ])('%j → %s', (name, expected) => {
    expect(avatarInitials(name)).toBe(expected);
  });
});

describe('avatarColor', () => {
  it('is deterministic and case-insensitive', () => {
    expect(avatarColor('Ada Lovelace')).toBe(avatarColor('ada lovelace'));
    expect(avatarColor('Ada Lovelace')).toBe(avatarColor('Ada Lovelace'));
  });

  it('always picks from the palette and spreads names over it', () => {
    const names = Array.from({ length: 60 }, (_, i) => `User ${i}`);
    const colors = new Set(names.map(avatarColor));
    for (const color of colors) expect(AVATAR_COLORS).toContain(color);
    expect(colors.size).toBeGreaterThan(5);
  });
});
