import { describe, expect, it } from 'vitest';
import { savingText } from './saving';

describe('savingText', () => {
  it('says the saving against the regular price', () => {
    expect(savingText({ totalDiscount: 53_000, currency: 'USD' })).toBe('You save $530 against the regular price');
  });

  it('says nothing when the deal saves nothing', () => {
    expect(savingText({ totalDiscount: 0, currency: 'USD' })).toBeNull();
  });
});
