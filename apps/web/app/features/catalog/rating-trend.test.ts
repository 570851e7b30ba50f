import { describe, expect, it } from 'vitest';
import { ratingTrendText } from './rating-trend';

describe('ratingTrendText', () => {
  it('says there were no ratings rather than "0.0 stars"', () => {
    expect(ratingTrendText(null)).toBe('No ratings in the last 90 days');
  });

  it('calls a trend that rounds to zero no change, whatever its sign', () => {
    expect(ratingTrendText(0)).toBe('No change');
    expect(ratingTrendText(-0.04)).toBe('No change');
    expect(ratingTrendText(0.04)).toBe('No change');
  });

  it('signs a real movement in stars', () => {
    expect(ratingTrendText(0.25)).toBe('+0.3 stars');
    expect(ratingTrendText(-1)).toBe('−1.0 stars');
  });
});
