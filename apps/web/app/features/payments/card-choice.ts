/** The picker's option for a card typed now (saved when the shopper pays). */
export const NEW_CARD = 'new';

/**
 * Which option the checkout's card picker shows chosen. Before the shopper chooses, the default
 * card (the list's first), or a new card when none is saved. A chosen card stays chosen while it
 * is saved; once it is gone (removed by the server after its first charge was declined, decision
 * 007 "Saved cards after a payment", or in another tab), the picker opens a new card's fields
 * rather than quietly moving the payment to another saved card.
 */
export function chosenCardOption(choice: string | null, saved: readonly { id: string }[]): string {
  if (choice === null) return saved[0]?.id ?? NEW_CARD;
  return choice === NEW_CARD || saved.some((card) => card.id === choice) ? choice : NEW_CARD;
}
