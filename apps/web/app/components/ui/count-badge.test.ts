import { BADGE_OVERFLOW_AT } from '@everdeal/contracts/constants';
import { describe, expect, it } from 'vitest';
import { formatBadgeCount } from './count-badge';

describe('formatBadgeCount (requirements §9: badge switches at 99)', () => {
  it('shows the number below the threshold and "99+" from it on', () => {
    expect(formatBadgeCount(1)).toBe('1');
    expect(formatBadgeCount(BADGE_OVERFLOW_AT - 1)).toBe('98');
    expect(formatBadgeCount(BADGE_OVERFLOW_AT)).toBe('99+');
    expect(formatBadgeCount(1500)).toBe('99+');
  });
});
