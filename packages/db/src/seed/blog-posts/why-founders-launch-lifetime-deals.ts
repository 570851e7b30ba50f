import { authors, type DemoBlogPost } from './types';

export const whyFoundersLaunch: DemoBlogPost = {
  slug: 'why-founders-launch-lifetime-deals',
  title: 'Why founders launch on Everdeal, and what they owe you afterwards',
  excerpt:
    'A lifetime deal is a loan of trust from buyers to a young company. What founders get from launching here, how they are paid, and the obligations that come with it.',
  author: authors.tomas,
  tags: ['founders', 'lifetime deals'],
  publishedDaysAgo: 52,
  body: `I talk to about a dozen founders a week who are thinking about a lifetime deal. The good ones ask the same first question: "what do I owe the people who buy?" It is the right question, and the answer explains how this marketplace is built.

## What founders get

- **Revenue before scale.** A launch brings months of revenue in weeks, without giving away equity.
- **Users who talk back.** Deal buyers are early adopters by definition. They file precise bug reports, ask for integrations and tell you which features nobody uses.
- **Reviews from real customers.** Only verified purchasers can review, so a product's first reviews come from people who paid and used it.

## How founders are paid

Founders keep **70% of every sale**. They are paid monthly, and only for orders whose refund window has closed. A refund inside the window costs the founder nothing but the sale, and a founder cannot collect money from customers who are about to ask for it back. It also means founders have a direct interest in customers staying past the window, which is the interest we want them to have.

## What they owe you

When a founder applies through the [launch page](/launch), they agree to run the product like a business that has customers, because it does. In practice:

1. **Keep the product running** for the plans they sold, with the limits they listed.
2. **Answer questions.** Answers on the product page carry a **Founder** badge, and how fast they arrive is part of the product's deal health score.
3. **Ship and say so.** The updates tab is their changelog. Products that stop moving lose points in deal health, and shoppers notice.
4. **Honour refunds** inside the window they chose, with no arguments.
5. **Tell the truth about AI costs.** Every AI deal discloses its models, its monthly credits and whether customers can bring their own key, so nobody is surprised later.

## What we check before a launch

Our review team looks at the product, the company behind it and whether the tiers make sense for the costs the founder carries: a tool that spends a dollar of model time per use cannot sell unlimited use for $49 and survive. We turn down most applications, usually with advice on what to change.

## What happens if a founder stops

It happens, rarely. If a product stops working inside its refund window, refund it yourself. After the window, write to support: we contact the founder, and we weigh their record when they apply again. The deal health score and the reviews are there so that you can see the warning signs long before that.

If you build an AI product and this sounds like a fit, the [launch page](/launch) explains how it works and takes your application.`,
};
