import { describe, expect, it } from 'vitest';
import { formatCount } from './format-count';

describe('formatCount', () => {
  it('groups thousands the en-US way', () => {
    expect(formatCount(0)).toBe('0');
    expect(formatCount(999)).toBe('999');
    expect(formatCount(2500)).toBe('2,500');
    expect(formatCount(1234567)).toBe('1,234,567');
  });
});
