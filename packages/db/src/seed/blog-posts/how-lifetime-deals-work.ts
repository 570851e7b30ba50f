import { authors, type DemoBlogPost } from './types';

export const howLifetimeDealsWork: DemoBlogPost = {
  slug: 'how-lifetime-deals-work',
  title: 'How lifetime deals on AI software actually work',
  excerpt:
    'You pay once, the founder gets cash and early users, and you keep the plan for as long as the product lives. Here is what "lifetime" promises, and what it does not.',
  author: authors.maya,
  tags: ['lifetime deals', 'guides'],
  publishedDaysAgo: 3,
  body: `A lifetime deal is a trade. A young software company sells a plan for a single payment instead of a monthly subscription, usually at a fraction of what a year of the regular plan would cost. The company gets cash to build with and a crowd of early users who report bugs and ask for features. You get the tool without a bill every month.

That is the whole idea. The details are where deals differ, so here is how a deal on Everdeal is put together.

## Tiers and license codes

Every deal comes in one to three **tiers**. A tier is a fixed plan: Tier 1 of [Quillstream](/products/quillstream), for example, includes 50,000 words a month and one brand voice for $59, while Tier 3 raises that to 400,000 words and five team seats for $199. The features list on the product page is the contract: what is listed is what the tier includes, including the limits.

When you pay, each tier you bought comes with a **license code** from the founder's pool. You redeem it on the founder's site (the product page's "Redeem" button takes you there) and your account switches to that plan. When the pool is empty the plan is sold out, which is why the product page shows how many codes are left.

## What "lifetime" means

Lifetime means the lifetime of the product, not your lifetime. As long as the company runs the product, your plan keeps working with the limits of your tier and, in most deals, with the future updates of that tier. Read the plan's last feature line: "All future Tier 1 updates" is a promise you can hold the founder to in the questions section of the product page.

What lifetime does not mean:

- **Unlimited use.** AI costs money every time a model runs, so nearly every AI deal caps credits, words, minutes or projects per month. The cap resets monthly, forever.
- **Every future product.** A founder who launches a second product, or a new "Pro" line with features that did not exist when you bought, may sell those separately.
- **A guarantee against failure.** Companies close. The refund window (below) and the signals we publish on each deal are how you limit that risk.

## Why founders do it

A month of revenue up front, a few hundred engaged users and a stream of honest reviews are worth a lot to a team of three. The founder keeps 70% of every sale, paid monthly once each order's refund window has closed, so a founder only earns on customers who stay. We write more about that in [why founders launch on Everdeal](/blog/why-founders-launch-lifetime-deals).

## The safety net

Every deal shows its refund window on the product page: 60 days unless the founder chose 30 days or a final sale. Inside the window you refund an item yourself from your orders, in full, no questions asked. It is the single most useful number on a deal page, and we explain it in detail in [refund windows, explained](/blog/refund-windows-explained).

## In short

Pay once, redeem your code, use the tool within your tier's monthly limits, and use the refund window to make sure it earns its place. If you want to hear about new deals in the categories you care about, [join the waitlist](/waitlist): one mail per new deal, nothing else.`,
};
