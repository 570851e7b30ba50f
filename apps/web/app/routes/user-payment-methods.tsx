import { pageTitle } from '@everdeal/contracts/constants';
import { PaymentMethodsPanel } from '~/features/payments/components/payment-methods-panel';
import type { Route } from './+types/user-payment-methods';

export const meta: Route.MetaFunction = () => [
  { title: pageTitle('Payment methods') },
  { name: 'robots', content: 'noindex' },
];

/** Requirements §2 "/user/payment-methods": the same cards inside the account area. */
export default function UserPaymentMethods() {
  return <PaymentMethodsPanel />;
}
