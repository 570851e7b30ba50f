import { describe, expect, it } from 'vitest';
import { maskEmail, NOTIFICATION_GROUPS, NOTIFICATION_TOPICS } from './notification-topics';

describe('maskEmail', () => {
  it('keeps the first letter and the domain, and hides the rest of the local part', () => {
    expect(maskEmail('ada.lovelace@example.com')).toBe('a…@example.com');
    expect(maskEmail('a@example.com')).toBe('a…@example.com');
    // The last @ starts the domain (a quoted local part may hold one).
    expect(maskEmail('"a@b"@example.com')).toBe('"…@example.com');
  });

  it('shows nothing of something that is not an address', () => {
    expect(maskEmail('no-at-sign')).toBe('…');
    expect(maskEmail('@example.com')).toBe('…');
  });
});

describe('the settings page groups', () => {
  it('show every topic exactly once', () => {
    const shown = NOTIFICATION_GROUPS.flatMap((group) => group.topics.map((item) => item.topic));
    expect([...shown].sort()).toEqual([...NOTIFICATION_TOPICS].sort());
  });
});
