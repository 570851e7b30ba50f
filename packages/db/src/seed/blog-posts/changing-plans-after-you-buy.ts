import { authors, type DemoBlogPost } from './types';

export const changingPlans: DemoBlogPost = {
  slug: 'changing-plans-after-you-buy',
  title: 'Upgrades, downgrades and subscriptions after you buy',
  excerpt:
    'Bought Tier 1 and need Tier 2? Bought too much? How plan changes are priced, when a downgrade refunds the difference, and how to pause a subscription plan.',
  author: authors.priya,
  tags: ['plans', 'refunds'],
  publishedDaysAgo: 40,
  body: `Picking a tier before you have used a product is guesswork, so you can change your mind after you buy. Everything below happens on the page of the item in your orders, under **Plan**.

## Upgrading: pay the difference

Moving to a higher tier of the same deal costs the difference between the two tiers' prices, nothing more. If you bought Tier 1 at $59 and Tier 2 sells for $119, the upgrade costs $60, charged to the payment method you choose.

One detail worth knowing: **the higher tier has to be available.** Your plan moves to a tier that is still on sale, so upgrades work while the deal is live and that tier has codes left. Once a deal has ended or the tier is sold out, there is nothing to upgrade to.

## Downgrading: inside the window, the difference comes back

Bought Tier 3 and only use a fraction of it? Inside the item's refund window, a downgrade to a lower tier refunds the price difference to your payment method. Outside the window, downgrades are not available: the sale is final by then and the founder has been paid.

If you would rather not keep the product at all, a full refund inside the window is simpler than a downgrade. See [refund windows, explained](/blog/refund-windows-explained).

## Subscription plans

A few deals sell a subscription next to their lifetime tiers, monthly or yearly, usually for products with heavy ongoing costs. They work like any subscription, with two controls on the item page:

- **Cancel at period end.** Your plan runs until the end of the month or year you paid for, then stops. Nothing is charged after that.
- **Resume.** Changed your mind before the period ended? Resume and the subscription carries on as if nothing happened.

Cancelling does not refund the current period; within the refund window, a refund does.

## When to ask support instead

Plan changes are self-service in all the cases above. Write to us from the support page when:

- you want to move to a different product rather than another tier of the same one;
- the founder's side still shows your old plan a day after a change;
- you bought stacked codes and want to change only some of them.

Mention your order in the ticket (you can pick it when you open one) and we will sort it out with the founder.`,
};
