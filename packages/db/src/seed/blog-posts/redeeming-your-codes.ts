import { authors, type DemoBlogPost } from './types';

export const redeemingYourCodes: DemoBlogPost = {
  slug: 'redeeming-your-codes',
  title: 'From checkout to first login: redeeming a license code',
  excerpt:
    'Your code arrives the moment you pay. Where to find it, how redemption works on the founder’s side, and what to do when a code does not go through.',
  author: authors.priya,
  tags: ['license codes', 'guides'],
  publishedDaysAgo: 60,
  body: `The moment your payment goes through, every plan you bought has its license code: no waiting list, no manual approval. Here is the path from there to using the product, and the fixes for the few things that go wrong.

## Where your codes are

Open your orders and choose the product. The item page lists each code with a copy button, the plan it belongs to, its activation state and the refund deadline as a countdown. If you bought several codes of one plan, they are all there.

## Redeeming

1. Press **Redeem** on the item page. It opens the founder's redemption page in a new tab.
2. Sign up on the founder's site, or sign in if you already have an account there. Use the e-mail address you want the plan on; it does not have to be your Everdeal address.
3. Paste the code. The founder's account switches to your tier, usually at once.

If you stacked codes and the deal supports stacking, redeem them one after another on the same account. Each one raises your limits by one tier's worth.

## When a code does not work

Nearly every failed redemption is one of these:

- **A space or a line break came along.** Use the copy button rather than selecting the code by hand.
- **Wrong account.** The code went onto another account you had with the founder. Sign in there and check the plan.
- **The code was already redeemed.** Codes work once. If you did not redeem it, tell us straight away: open a ticket from the support page, choose the order, and we will issue a new code and investigate the old one.
- **The founder's service is down.** Rare, and usually short. Wait an hour and try again; if it persists, open a ticket.

## Refunds revoke codes

Refunding an item inside its window revokes every code of that item, so the plan on the founder's side ends too. If you plan to refund, export anything you made with the product first.

## Keep your codes safe

A code is as good as money until it is redeemed. Do not post screenshots of the item page, and do not share unredeemed codes in public groups. If you want to give a plan to a colleague, redeem the code on an account for them, or send the code privately.

Questions we have not covered? The support page has answers to the common ones and a way to reach us for everything else.`,
};
