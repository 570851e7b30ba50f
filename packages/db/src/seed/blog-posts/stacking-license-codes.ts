import { authors, type DemoBlogPost } from './types';

export const stackingLicenseCodes: DemoBlogPost = {
  slug: 'stacking-license-codes',
  title: 'Stacking codes: when buying two or three of the same plan pays off',
  excerpt:
    'Some deals let you redeem several codes of one tier on one account to multiply its limits. How to tell, how to do the maths, and why the limit is nine.',
  author: authors.maya,
  tags: ['license codes', 'buying guide'],
  publishedDaysAgo: 23,
  body: `"Stacking" means buying more than one code of the same plan and redeeming all of them on one account. On deals that support it, each extra code adds the tier's limits again: two Tier 1 codes of a writing tool with 50,000 words a month give you 100,000.

It can be the cheapest way to a big plan, or a way to pay for limits you never use. Here is how to tell which.

## Does the deal stack?

Stacking is the founder's choice, and it works differently from product to product. Look in three places:

1. **The plan's features.** Founders who allow stacking usually say so ("Stack up to 3 codes").
2. **The questions tab.** Search for "stack". If nobody asked yet, ask: the founder's answer is marked **Founder** and is a commitment you can point to later.
3. **The tier list itself.** If Tier 2 costs exactly twice Tier 1 and gives exactly twice the limits, the founder has priced stacking in already and buying Tier 2 is simpler.

If a deal does not stack, a second code gives you a second, separate account. That is useful for a colleague or a client, not for raising your own limits.

## Doing the maths

Compare price per unit of the limit you care about. Take [Quillstream](/products/quillstream):

| Option | Price | Words per month | Price per 10,000 words |
|---|---|---|---|
| Tier 1 | $59 | 50,000 | $11.80 |
| Tier 2 | $119 | 150,000 | $7.93 |
| Tier 3 | $199 | 400,000 | $4.98 |

Here the higher tiers are better value than stacking Tier 1: three Tier 1 codes would cost $177 for 150,000 words, more than Tier 2 for the same words and without Tier 2's extra brand voices. That is the common case. Stacking wins when a deal has a single tier, or when the tier above adds features you do not need.

## Why the limit is nine

You can buy at most nine codes of one plan in one order. Nobody needs more for their own account, and the cap keeps a single buyer from emptying a limited pool in one go: when a popular deal has a few hundred codes, we want a few hundred people to get one.

## Refunds and stacked codes

Codes bought together are one item of your order, so they are refunded together: a refund returns the item's full amount and revokes every code in it. If you are unsure whether you need three codes or two, buy them in separate orders; each order's item can then be refunded on its own inside the window.

## Our advice

Start with the tier that fits your month. If you outgrow it, you can upgrade and pay only the difference, or stack another code if the deal allows it. Buying limits for a future that may not come is the most common way to overpay for a lifetime deal.`,
};
