import { defineHandlers } from '../../plugins/api';
import type { RateLimits } from '../../plugins/rate-limit';
import {
  addPaymentMethod,
  getPaymentConfig,
  getPaymentMethods,
  type PaymentsDeps,
  removePaymentMethod,
  setDefaultPaymentMethod,
} from './payments.service';

/** Requirements §15 saved payment methods; every call but the config touches only the caller's cards. */
export function paymentsHandlers(deps: PaymentsDeps, limits: RateLimits) {
  return defineHandlers({
    'payments/getPaymentConfig': async () => getPaymentConfig(deps),
    'payments/addPaymentMethod': async (input, { user, request }) => {
      // Card testing: saving a card is how a stolen number is tried (decision 007).
      await limits.consume([
        ['addCardPerUser', user.id],
        ['addCardPerIp', request.ip],
      ]);
      return addPaymentMethod(deps, user, input);
    },
    'payments/getPaymentMethods': (_input, { user }) => getPaymentMethods(deps, user.id),
    'payments/removePaymentMethod': (input, { user }) => removePaymentMethod(deps, user, input.id),
    'payments/setDefaultPaymentMethod': (input, { user }) => setDefaultPaymentMethod(deps, user.id, input.id),
  });
}
