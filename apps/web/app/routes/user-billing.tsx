import { pageTitle } from '@everdeal/contracts/constants';
import { SectionCard } from '~/features/account/components/section-card';
import { BillingPanel } from '~/features/billing/components/billing-form';
import type { Route } from './+types/user-billing';

export const meta: Route.MetaFunction = () => [
  { title: pageTitle('Billing details') },
  { name: 'robots', content: 'noindex' },
];

/** `/user/billing` (decision 037): the billing profile invoices name and the VAT rule reads. */
export default function UserBilling() {
  return (
    <SectionCard
      title="Billing details"
      description="Who your invoices are made out to. Your country and VAT id decide the VAT on your orders."
    >
      <BillingPanel />
    </SectionCard>
  );
}
