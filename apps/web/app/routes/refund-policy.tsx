import { DEFAULT_REFUND_WINDOW_DAYS, pageTitle } from '@everdeal/contracts/constants';
import { Link } from 'react-router';
import { PolicyLayout, type PolicySection } from '~/features/policies/components/policy-layout';
import { seoMeta } from '~/lib/seo';
import type { Route } from './+types/refund-policy';

export function loader({ context }: Route.LoaderArgs) {
  return { publicUrl: context.publicUrl };
}

export const meta: Route.MetaFunction = ({ loaderData }) =>
  seoMeta({
    title: pageTitle('Refund policy'),
    description: `How refunds work on Everdeal: self-service inside each deal's refund window (${DEFAULT_REFUND_WINDOW_DAYS} days by default), the full item amount back, license codes revoked.`,
    publicUrl: loaderData?.publicUrl ?? '',
    path: '/refund-policy',
  });

const sections: PolicySection[] = [
  {
    id: 'refund-window',
    title: 'Your refund window',
    body: (
      <>
        <p>
          Every deal states its refund window on the product page, next to the plans, before you buy. Unless the page
          says otherwise, the window is <strong>{DEFAULT_REFUND_WINDOW_DAYS} days</strong> from the moment your order is
          paid.
        </p>
        <ul>
          <li>
            <strong>{DEFAULT_REFUND_WINDOW_DAYS}-day money-back guarantee</strong>: the standard for most deals.
          </li>
          <li>
            <strong>30-day money-back guarantee</strong>: some sellers offer a shorter window, usually for products with
            high running costs such as video or voice generation.
          </li>
          <li>
            <strong>No refunds on this deal</strong>: a few deals are final sale. The product page says so in the refund
            block, and we never hide it in the plan details.
          </li>
        </ul>
        <p>
          The window that applies is the one shown when you bought. Your order page shows the exact deadline of each
          item and how much time is left.
        </p>
      </>
    ),
  },
  {
    id: 'how-to-refund',
    title: 'How to get a refund',
    body: (
      <>
        <ol>
          <li>Log in and open your orders.</li>
          <li>Open the item you want to refund.</li>
          <li>Choose Refund and confirm. We may ask why, but you do not have to give a reason.</li>
        </ol>
        <p>
          The refund is made at once through the payment provider you paid with, to the same card or account. Most banks
          show it within 5 to 10 business days. You get an e-mail confirming the refund.
        </p>
      </>
    ),
  },
  {
    id: 'what-is-refunded',
    title: 'What is refunded',
    body: (
      <>
        <p>
          You get back the <strong>full amount you paid for the item</strong>: its plan price times the quantity, with
          no fees deducted. An order with several items is refunded item by item, so you can return one product and keep
          the others.
        </p>
        <p>
          If you upgraded the plan, the amount includes what you paid for the upgrade. If you move to a lower tier while
          the refund window is still open, we refund the difference and you keep the lower tier.
        </p>
      </>
    ),
  },
  {
    id: 'license-codes',
    title: 'What happens to your license codes',
    body: (
      <>
        <p>
          Refunding an item <strong>revokes every license code</strong> it gave you. We tell the seller, who deactivates
          the plan on their side, so you lose access to the paid features of that deal. Export anything you want to keep
          before you refund.
        </p>
        <p>Revoked codes are never sold to another customer.</p>
      </>
    ),
  },
  {
    id: 'subscriptions',
    title: 'Subscription plans',
    body: (
      <p>
        For subscription deals, the refund window applies to your first payment. Later renewals are not refunded, but
        you can cancel at any time from your order page: the plan stays active until the end of the period you paid for
        and does not renew. You can resume it before that date.
      </p>
    ),
  },
  {
    id: 'limits',
    title: 'Limits that keep refunds fair',
    body: (
      <>
        <p>Self-service refunds work for almost everyone. Two limits stop the few who buy only to use and return:</p>
        <ul>
          <li>
            <strong>More than 3 refunds in 30 days</strong>: from the fourth refund within 30 days, the refund button
            asks you to open a support ticket, and a person reviews the request, usually within one business day.
          </li>
          <li>
            <strong>24-hour re-purchase block</strong>: after refunding a product you cannot buy the same product again
            for 24 hours.
          </li>
        </ul>
      </>
    ),
  },
  {
    id: 'after-the-window',
    title: 'After the window closes',
    body: (
      <>
        <p>
          Once the refund window has closed, the purchase is final and the seller is paid. If a product stops working or
          the seller does not deliver what the deal page promised, <Link to="/contact">contact us</Link>: we take it up
          with the seller, and if they cannot fix it we decide case by case whether to refund you.
        </p>
        <p>Nothing in this policy limits the rights you have under the consumer law of the country where you live.</p>
      </>
    ),
  },
  {
    id: 'lifetime-promise',
    title: 'The lifetime promise: if a deal ends',
    body: (
      <>
        <p>
          A lifetime deal is only worth something while the product runs. So if a deal ends, you are paid back in store
          credit, whatever its refund window said:
        </p>
        <ul>
          <li>
            <strong>100%</strong> of what you paid for a purchase made within the <strong>12 months</strong> before the
            deal ends.
          </li>
          <li>
            <strong>50%</strong> of what you paid for a purchase made within <strong>24 months</strong>.
          </li>
          <li>Nothing for a purchase older than that, nor for one you already had refunded.</li>
        </ul>
        <p>
          An upgrade counts from the day you paid for it. The credit lands in your Everdeal wallet, never expires and
          pays for any deal at checkout. We mail you the amount.
        </p>
        <p>
          A seller who wants to end a deal must give <strong>at least 90 days&rsquo; notice</strong>. The deal stops
          selling at once, we mail every buyer, and the deal page and your order page show the end date and the
          seller&rsquo;s message (how to export your data, what to use instead). The credit is paid on the end date. If
          a seller vanishes or the service dies, we shut the deal down ourselves and pay the credit at once.
        </p>
        <p>
          The seller funds the credit: it is taken from what we owe them. Where that is not enough, Everdeal covers the
          rest; your credit never depends on it.
        </p>
      </>
    ),
  },
  {
    id: 'contact',
    title: 'Questions',
    body: (
      <p>
        Write to <a href="mailto:support@everdeal.local">support@everdeal.local</a> with your order number. We answer
        within one business day.
      </p>
    ),
  },
];

export default function RefundPolicy() {
  return (
    <PolicyLayout
      title="Refund policy"
      currentPath="/refund-policy"
      summary={
        <p>
          Most deals come with a {DEFAULT_REFUND_WINDOW_DAYS}-day money-back guarantee. Inside a deal&rsquo;s refund
          window you refund it yourself from your order page and get the full amount of the item back; its license codes
          stop working.
        </p>
      }
      sections={sections}
    />
  );
}
