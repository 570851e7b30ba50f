/**
 * A stand-in for Stripe.js (docs.stripe.com/js) that the local Stripe fake serves at `/v3/`, for
 * the end-to-end tests (STRIPE_JS_URL): the calls the card form and checkout make, `Stripe(key)`,
 * `elements().create('card')` with `mount`, `on('change')`, `focus` and `destroy`, and
 * `createPaymentMethod`, which sends the card to the fake's API with the publishable key as
 * Stripe.js does (the number never reaches the shop). Stripe's card field is an iframe of its
 * own; this one puts three labelled inputs into the mount point. 3-D Secure is not played.
 */
export const FAKE_STRIPE_JS = String.raw`(() => {
  'use strict';
  const api = new URL(document.currentScript.src).origin;
  const digits = (value) => value.replace(/\D/g, '');
  const luhn = (number) => {
    let sum = 0;
    for (let i = 0; i < number.length; i++) {
      let digit = Number(number[number.length - 1 - i]);
      if (i % 2 === 1) digit = digit * 2 > 9 ? digit * 2 - 9 : digit * 2;
      sum += digit;
    }
    return sum % 10 === 0;
  };

  function createCard() {
    const listeners = [];
    const root = document.createElement('div');
    root.style.cssText = 'display:flex;gap:12px;align-items:center';
    const field = (label, placeholder, autocomplete, grow) => {
      const input = document.createElement('input');
      input.setAttribute('aria-label', label);
      input.placeholder = placeholder;
      input.autocomplete = autocomplete;
      input.inputMode = 'numeric';
      input.style.cssText = 'flex:' + grow + ';min-width:0;border:0;outline:0;background:transparent;font:inherit';
      root.appendChild(input);
      return input;
    };
    const number = field('Card number', '1234 1234 1234 1234', 'cc-number', 4);
    const expiry = field('Expiration date (MM / YY)', 'MM / YY', 'cc-exp', 2);
    const cvc = field('Security code (CVC)', 'CVC', 'cc-csc', 1);

    const problem = () => {
      const n = digits(number.value);
      if (n.length < 16) return { field: 'number', message: 'Your card number is incomplete.' };
      if (!luhn(n)) return { field: 'number', message: 'Your card number is invalid.' };
      if (!/^\s*\d{1,2}\s*\/\s*\d{2}\s*$/.test(expiry.value)) {
        return { field: 'expiry', message: "Your card's expiration date is incomplete." };
      }
      if (!/^\d{3,4}$/.test(cvc.value.trim())) return { field: 'cvc', message: "Your card's security code is incomplete." };
      return null;
    };
    const changed = () => {
      const found = problem();
      // Like Stripe, an incomplete field is not an error while it is being typed.
      const error = found && !found.message.endsWith('incomplete.') ? { message: found.message } : undefined;
      for (const listener of listeners) listener({ complete: found === null, error });
    };
    for (const input of [number, expiry, cvc]) input.addEventListener('input', changed);

    return {
      mount: (element) => element.appendChild(root),
      destroy: () => root.remove(),
      on: (type, listener) => type === 'change' && listeners.push(listener),
      focus: () => number.focus(),
      read: () => {
        const [month, year] = expiry.value.split('/').map((part) => part.trim());
        return { problem: problem(), number: digits(number.value), month, year, cvc: cvc.value.trim() };
      },
    };
  }

  window.Stripe = (publishableKey) => ({
    elements: () => ({ create: () => createCard() }),
    async createPaymentMethod({ card }) {
      const typed = card.read();
      if (typed.problem) return { error: { message: typed.problem.message } };
      const body = new URLSearchParams({
        type: 'card',
        'card[number]': typed.number,
        'card[exp_month]': typed.month,
        'card[exp_year]': typed.year,
        'card[cvc]': typed.cvc,
      });
      const response = await fetch(api + '/v1/payment_methods', {
        method: 'POST',
        headers: { authorization: 'Bearer ' + publishableKey, 'content-type': 'application/x-www-form-urlencoded' },
        body,
      });
      const answer = await response.json();
      return response.ok ? { paymentMethod: answer } : { error: answer.error };
    },
    async handleNextAction() {
      return { error: { message: '3-D Secure is not played by the local Stripe.js stand-in.' } };
    },
  });
})();
`;
