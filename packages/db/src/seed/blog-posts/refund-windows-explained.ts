import { authors, type DemoBlogPost } from './types';

export const refundWindowsExplained: DemoBlogPost = {
  slug: 'refund-windows-explained',
  title: 'Refund windows, explained: 60 days, 30 days and final sale',
  excerpt:
    'Every deal carries its own refund window. What it covers, how to refund in two clicks, what happens to your codes, and the two rules that keep the system fair.',
  author: authors.priya,
  tags: ['refunds', 'policies'],
  publishedDaysAgo: 16,
  body: `The refund window is the promise that makes buying software before you have lived with it reasonable. Here is exactly how it works, because most of the refund tickets we answer come from one of the details below.

## Three kinds of window

Each product sets its window, and the product page shows it next to the price:

- **60 days**, the default. Most deals use it.
- **30 days**, chosen by founders whose costs arrive early, such as dubbing tools like [Dubwise](/products/dubwise) that spend real compute on every minute you process.
- **Final sale** (no refunds), for products whose value is delivered at once and cannot be handed back, such as a set of generated portraits from [Headshot Harbor](/products/headshot-harbor) or an avatar model trained on your face at [Avatalk](/products/avatalk).

The window starts when you buy, not when you redeem the code. Thirty days of a code sitting in your inbox count.

## Refunding is self-service

Inside the window you do not have to ask anyone. Open your orders, choose the item and press **Refund**. The item page shows the deadline as a countdown, so you can see how long you have left.

A refund is always:

- **The item's full amount**, whatever the reason, back through the payment method you paid with.
- **Final for the codes.** Every license code of the item is revoked, so the plan on the founder's side ends too. If you stacked three codes of one tier, all three go.

If your order had several products, each item is refunded on its own; refunding one leaves the others untouched.

## Two rules that keep it fair

Generous refunds only work if they are not abused, so two rules apply:

1. **More than three refunds in 30 days goes through support.** The fourth refund in a rolling 30 days is not self-service: open a ticket from the support page, tell us which item, and we handle it. Nearly every such ticket is approved; the rule exists to catch the rare account that buys and returns deals as a free trial machine.
2. **No rebuying for 24 hours.** After refunding a product you cannot buy it again for a day. It stops refund-and-rebuy tricks with limited stock, and it gives you a moment to decide whether you really want it back.

## After the window

Once the window has closed, the sale is final, and that is also when the founder is paid: founders receive their share monthly, only for orders whose window has ended. If something is genuinely broken after that (the product stopped working, the founder disappeared), write to us through the support page anyway. We look at every case and we talk to the founder.

## A habit worth keeping

Put the refund deadline in your calendar the day you buy, a week before it ends. Use the tool on real work before that date. If it has not earned its place by then, refund it: that is what the window is for, and founders would rather have honest refunds than unhappy customers.`,
};
