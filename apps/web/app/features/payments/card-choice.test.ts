import { describe, expect, it } from 'vitest';
import { chosenCardOption, NEW_CARD } from './card-choice';

const visa = { id: 'card-visa' };
const mastercard = { id: 'card-mastercard' };

describe('chosenCardOption', () => {
  it('offers the default card (the first) before the shopper chooses, or a new card when none is saved', () => {
    expect(chosenCardOption(null, [visa, mastercard])).toBe(visa.id);
    expect(chosenCardOption(null, [])).toBe(NEW_CARD);
  });

  it('keeps the shopper’s choice while it is saved', () => {
    expect(chosenCardOption(mastercard.id, [visa, mastercard])).toBe(mastercard.id);
    expect(chosenCardOption(NEW_CARD, [visa, mastercard])).toBe(NEW_CARD);
  });

  it('opens a new card when the chosen card is gone, not another saved card', () => {
    expect(chosenCardOption(mastercard.id, [visa])).toBe(NEW_CARD);
    expect(chosenCardOption(visa.id, [])).toBe(NEW_CARD);
  });
});
