import { describe, expect, it, vi } from 'vitest';
import { STRIPE_CARD_UNREADABLE, type StripeCardElement, saveStripeCard } from './stripe-js';

// A fake of the two Stripe.js calls the card form makes; no script and no network.
const card = { mount: vi.fn(), destroy: vi.fn(), on: vi.fn(), focus: vi.fn() } satisfies StripeCardElement;

describe('saveStripeCard (PAYMENT_PROVIDER=stripe)', () => {
  it('saves the PaymentMethod id Stripe.js made, never the card', async () => {
    const createPaymentMethod = vi.fn(async () => ({ paymentMethod: { id: 'pm_card_visa' } }));
    const save = vi.fn(async (input: { providerToken: string }) => ({ id: 'saved', ...input }));
    await expect(saveStripeCard({ createPaymentMethod }, card, save)).resolves.toEqual({
      saved: { id: 'saved', providerToken: 'pm_card_visa' },
    });
    expect(createPaymentMethod).toHaveBeenCalledWith({ type: 'card', card });
    expect(save).toHaveBeenCalledWith({ providerToken: 'pm_card_visa' });
  });

  it('answers Stripe’s own message for the field and saves nothing when Stripe.js refuses', async () => {
    const save = vi.fn();
    const refused = async () => ({ error: { message: 'Your card number is incomplete.' } });
    await expect(saveStripeCard({ createPaymentMethod: refused }, card, save)).resolves.toEqual({
      fieldError: 'Your card number is incomplete.',
    });
    await expect(saveStripeCard({ createPaymentMethod: async () => ({}) }, card, save)).resolves.toEqual({
      fieldError: STRIPE_CARD_UNREADABLE,
    });
    expect(save).not.toHaveBeenCalled();
  });

  it('lets a refusal by the store reach the form', async () => {
    const createPaymentMethod = async () => ({ paymentMethod: { id: 'pm_card_visa' } });
    const save = vi.fn(async () => {
      throw new Error('You can save at most 10 payment methods');
    });
    await expect(saveStripeCard({ createPaymentMethod }, card, save)).rejects.toThrow('at most 10');
  });
});
