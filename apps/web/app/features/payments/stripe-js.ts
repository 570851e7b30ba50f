// The small part of Stripe.js the card form and checkout use (docs.stripe.com/js). Stripe asks
// that Stripe.js is always loaded from js.stripe.com, never bundled; the server names the
// address (`payments/getPaymentConfig`: Stripe's own, or a local stand-in in the end-to-end
// tests, STRIPE_JS_URL) and its CSP admits it only while PAYMENT_PROVIDER=stripe (decision 007).

/** Where Stripe.js comes from and the key it is made with (`payments/getPaymentConfig`). */
export type StripeSetup = { publishableKey: string; scriptUrl: string };

export interface StripeError {
  message?: string;
}

export interface StripeCardElement {
  mount: (element: HTMLElement) => void;
  destroy: () => void;
  on: (event: 'change', handler: (event: { error?: StripeError; complete: boolean }) => void) => void;
  focus: () => void;
}

export interface Stripe {
  elements: () => { create: (type: 'card', options?: object) => StripeCardElement };
  createPaymentMethod: (options: {
    type: 'card';
    card: StripeCardElement;
  }) => Promise<{ paymentMethod?: { id: string }; error?: StripeError }>;
  handleNextAction: (options: { clientSecret: string }) => Promise<{ error?: StripeError }>;
}

declare global {
  interface Window {
    Stripe?: (publishableKey: string) => Stripe;
  }
}

let loading: Promise<Stripe> | null = null;

/** Loads Stripe.js once, with the page's CSP nonce, and makes the one client of this page. */
export function loadStripe({ publishableKey, scriptUrl }: StripeSetup, nonce: string | undefined): Promise<Stripe> {
  loading ??= new Promise<Stripe>((resolve, reject) => {
    const ready = () =>
      window.Stripe ? resolve(window.Stripe(publishableKey)) : reject(new Error('Stripe.js did not initialise'));
    if (window.Stripe) return ready();
    const script = document.createElement('script');
    script.src = scriptUrl;
    script.async = true;
    if (nonce) script.nonce = nonce;
    script.onload = ready;
    script.onerror = () => reject(new Error('Stripe.js failed to load'));
    document.head.appendChild(script);
  }).catch((error: unknown) => {
    // A later attempt may load it (a flaky network); forget the failure.
    loading = null;
    throw error;
  });
  return loading;
}

export const STRIPE_CARD_UNREADABLE = 'Your card details could not be read. Check them and try again.';

/**
 * Turns what was typed into Stripe's card field into a saved card: Stripe.js makes a
 * PaymentMethod (the number goes to Stripe only), then its id is saved with `save`
 * (`payments/addPaymentMethod` `{providerToken}`, requirements §15). A refusal by Stripe.js
 * (an incomplete number, a past expiry) answers its message for the field, and nothing is saved.
 */
export async function saveStripeCard<T>(
  stripe: Pick<Stripe, 'createPaymentMethod'>,
  card: StripeCardElement,
  save: (input: { providerToken: string }) => Promise<T>,
): Promise<{ saved: T } | { fieldError: string }> {
  const { paymentMethod, error } = await stripe.createPaymentMethod({ type: 'card', card });
  if (!paymentMethod) return { fieldError: error?.message ?? STRIPE_CARD_UNREADABLE };
  return { saved: await save({ providerToken: paymentMethod.id }) };
}
