// The support page's questions and answers (requirements §14: refunds, codes, plan changes,
// accounts). Every figure comes from docs/requirements.md §9 and §11 or a decision record, so
// an answer here is what the store really does; change both together.

export interface FaqLink {
  label: string;
  to: string;
}

export interface FaqItem {
  /** Stable, for the URL fragment (`/support#faq-refund-window`) and React keys. */
  id: string;
  question: string;
  /** Paragraphs of plain text: what the search reads, and what the page shows. */
  answer: string[];
  link?: FaqLink;
}

export interface FaqTopic {
  id: string;
  title: string;
  items: FaqItem[];
}

export const FAQ_TOPICS: FaqTopic[] = [
  {
    id: 'refunds',
    title: 'Refunds',
    items: [
      {
        id: 'refund-window',
        question: 'How long do I have to ask for a refund?',
        answer: [
          'Each deal has its own refund window, counted from the moment you buy (not from when you redeem the code). Most deals give you 60 days, some 30 days, and a few are final sale with no refunds. The product page shows the window next to the price, and your order page shows the deadline as a countdown.',
        ],
        link: { label: 'Read the refund policy', to: '/refund-policy' },
      },
      {
        id: 'refund-how',
        question: 'How do I get a refund?',
        answer: [
          'Inside the window it is self-service: open your orders, choose the item and press Refund. You get the item’s full amount back on the payment method you paid with, whatever the reason.',
          'If your order had several products, each item is refunded on its own; the others stay as they are.',
        ],
      },
      {
        id: 'refund-codes',
        question: 'What happens to my license codes when I refund?',
        answer: [
          'Every code of the refunded item is revoked, so the plan on the founder’s side ends too. If you stacked several codes of one plan in an order, they are one item and all of them go. Export anything you made with the product before you refund.',
        ],
      },
      {
        id: 'refund-limit',
        question: 'Why does my refund ask me to open a ticket?',
        answer: [
          'Self-service covers up to 3 refunds in 30 days. A fourth refund within 30 days goes through support: open a ticket, tell us which order item, and we handle it. The rule exists to stop the rare account that uses deals as free trials; almost every such ticket is approved.',
        ],
      },
      {
        id: 'refund-rebuy',
        question: 'Can I buy a product again right after refunding it?',
        answer: [
          'Not for 24 hours. After you refund a product you cannot buy it again for a day. It stops refund-and-rebuy tricks with limited codes, and gives you a moment to decide whether you really want it back.',
        ],
      },
      {
        id: 'refund-after-window',
        question: 'The window has closed, but the product stopped working. Can you help?',
        answer: [
          'Once the window closes the sale is final and the founder is paid. If the product is genuinely broken or the founder has gone quiet, open a ticket anyway: we look at every case and talk to the founder.',
        ],
      },
    ],
  },
  {
    id: 'codes',
    title: 'License codes',
    items: [
      {
        id: 'codes-where',
        question: 'Where do I find my license codes?',
        answer: [
          'Every code is ready the moment your payment goes through: no waiting list, no manual approval. Open your orders and choose the product; the item page lists each code with a copy button, its activation state and the refund deadline.',
        ],
      },
      {
        id: 'codes-redeem',
        question: 'How do I redeem a code?',
        answer: [
          'On the item page, press Redeem: it opens the founder’s redemption page. Create an account or log in there with the address you want the plan on (it need not be your Everdeal address), paste the code, and your account switches to the plan you bought.',
        ],
      },
      {
        id: 'codes-not-working',
        question: 'My code does not work. What now?',
        answer: [
          'Use the copy button rather than selecting the code by hand (a stray space is the most common cause), and check you are logged in to the right account on the founder’s site. If the code says it was already redeemed and you did not redeem it, open a ticket with the order straight away: we issue a new code and look into the old one.',
        ],
      },
      {
        id: 'codes-stacking',
        question: 'Can I buy several codes of the same plan?',
        answer: [
          'Yes, up to 9 codes of one plan in one order. On deals that allow stacking, each extra code redeemed on the same account adds the plan’s limits again; on deals that do not, each code is a separate account. The plan’s features say whether a deal stacks.',
        ],
      },
    ],
  },
  {
    id: 'plans',
    title: 'Plans and upgrades',
    items: [
      {
        id: 'plans-upgrade',
        question: 'Can I upgrade to a higher tier after buying?',
        answer: [
          'Yes. On your order item, choose a higher tier of the same deal and pay only the difference between the two prices. The tier you move to must still be on sale, with codes left.',
        ],
      },
      {
        id: 'plans-downgrade',
        question: 'Can I downgrade to a cheaper tier?',
        answer: [
          'Inside the item’s refund window, yes: the price difference is refunded to your payment method. After the window closes, downgrades are no longer possible because the sale is final.',
        ],
      },
      {
        id: 'plans-subscription',
        question: 'How do I cancel a subscription plan?',
        answer: [
          'A few deals sell monthly or yearly subscriptions. Cancel from the order item: the plan runs to the end of the period you paid for and nothing is charged after that. Changed your mind before then? Resume it from the same page.',
        ],
      },
      {
        id: 'plans-lifetime',
        question: 'What does “lifetime” mean?',
        answer: [
          'A lifetime plan is paid once, with no subscription: you keep the plan you bought for as long as the founder runs the product, including the updates the deal promises for that plan.',
        ],
      },
    ],
  },
  {
    id: 'account',
    title: 'Your account',
    items: [
      {
        id: 'account-password',
        question: 'I forgot my password.',
        answer: [
          'Choose “Forgot password?” in the login window and enter your e-mail address. We send a link that sets a new password; it works once and for 30 minutes. Setting a new password logs you out on every device.',
        ],
      },
      {
        id: 'account-google',
        question: 'I signed up with Google. Do I have a password?',
        answer: [
          'No: you log in with the Google button, and your Google account keeps your login secure. There is no Everdeal password to change or reset.',
        ],
      },
      {
        id: 'account-profile',
        question: 'How do I change my name or photo?',
        answer: [
          'In Your account → Personal info you can change your name, occupation and photo, and your password. Your e-mail address is what you log in with and cannot be changed there; write to us if you need it moved.',
        ],
        link: { label: 'Open personal info', to: '/user/personal-info' },
      },
      {
        id: 'account-deactivate',
        question: 'How do I deactivate my account?',
        answer: [
          'In Your account → Personal info, choose Deactivate account and confirm with your password (an account that logs in with Google confirms with a fresh Google login instead). Deactivation logs you out everywhere and cannot be undone from the website; your orders are kept for our records.',
        ],
      },
    ],
  },
  {
    id: 'orders',
    title: 'Orders and payment',
    items: [
      {
        id: 'orders-payment',
        question: 'Which payment methods do you accept, and do you keep my card?',
        answer: [
          'You pay by card through our payment provider. If you save a card, we keep only the provider’s token with the brand, last four digits and expiry date: never the card number or security code.',
        ],
        link: { label: 'Read the privacy policy', to: '/privacy-policy' },
      },
      {
        id: 'orders-declined',
        question: 'My payment was declined.',
        answer: [
          'Nothing was charged and your cart is as you left it, with no code taken from a plan. Check the card details or try another card; if your bank declines again, it can tell you why.',
        ],
      },
      {
        id: 'orders-currency',
        question: 'In which currency are prices?',
        answer: [
          'Prices are in US dollars. Lifetime plans are paid once, with no subscription. A few deals also offer subscription plans: their price shows its period ("$9/month"), the cart says what is due today and what recurs, and they renew on the same card until you cancel.',
        ],
      },
    ],
  },
];

export const FAQ_QUESTION_COUNT = FAQ_TOPICS.reduce((count, topic) => count + topic.items.length, 0);
