import type { PaymentMethod } from '@everdeal/contracts';
import type { Ref } from 'react';

/**
 * What a form holding card fields asks of them: check what was typed, save the card
 * (`payments/addPaymentMethod`) and hand back the saved card, or null when it was refused (the
 * fields show why). The sandbox fields and Stripe's Elements answer the same way, so the
 * payment methods page and the checkout step do not care which provider collects the card.
 */
export interface CardEntryHandle {
  save: () => Promise<PaymentMethod | null>;
}

export interface CardEntryProps {
  handleRef: Ref<CardEntryHandle>;
  disabled?: boolean;
}
