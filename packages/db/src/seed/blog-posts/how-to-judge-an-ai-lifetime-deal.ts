import { authors, type DemoBlogPost } from './types';

export const howToJudgeADeal: DemoBlogPost = {
  slug: 'how-to-judge-an-ai-lifetime-deal',
  title: 'How to judge an AI lifetime deal in ten minutes',
  excerpt:
    'Five checks we run on every deal before it goes live, in the order we run them: the monthly limits, the founder, the updates, the reviews and the refund window.',
  author: authors.jonas,
  tags: ['buying guide', 'deal health'],
  publishedDaysAgo: 9,
  body: `Our review team turns down most of the products that apply to launch here. The checks we run are not secret, and you can run them yourself on any deal page in about ten minutes.

## 1. Do the monthly limits fit your month? (2 minutes)

Open the tier list and find the number that matters for your work: words, minutes of audio, clips, seats, projects. Then estimate your real use, not your hopeful use. If you publish four articles a week at 2,000 words, you need about 35,000 words a month before rewrites, and rewrites usually double it.

Pick the tier that covers your real month with room to spare. A tier you outgrow in three months is not a bargain; you can upgrade later and pay only the difference, but it is cheaper to start on the right one.

## 2. Who is behind it? (2 minutes)

The seller's name links to the team's page. Look for a real company, a website that existed before the deal, and people who answer questions. On the product page, the questions tab shows every question with the founder's answer marked **Founder**. Sort by newest: a founder who answered yesterday's questions yesterday is a founder who will answer your support ticket.

## 3. Is the product moving? (2 minutes)

The updates tab is the founder's changelog. Steady, specific updates ("export to SRT", "fixed speaker labels in German") beat rare, grand announcements. A product with no update in three months is not dead, but it should make you ask why.

## 4. What do buyers say? (2 minutes)

Only verified purchasers can review a deal, and their reviews carry a **Verified purchaser** badge, so the reviews come from people who paid. Read the three-star reviews first: they are the most specific. Look at how the founder replied, and whether recent reviews are better or worse than older ones.

## 5. How long can you change your mind? (1 minute)

Find the refund window next to the price: 60 days, 30 days or final sale. A long window on a young product is a founder saying "try it properly". A final sale is not a red flag on its own (a one-time export, such as a set of generated headshots, cannot be returned), but it means steps 1 to 4 have to convince you on their own.

## The deal health score

Every product page sums most of this up in one number from 0 to 100: the **deal health** score. It combines the days since the last update, how quickly the founder answers questions, the refund rate and the trend of the ratings, and the page shows each part. A score above 80 means all four are in good shape; below 50, open the parts and see which one drags it down.

## One more minute: the AI disclosure

Every AI deal lists the models it runs on, the AI credits included per month and whether you can bring your own API key. It tells you what you are really buying and what it will cost you later. We wrote a whole post on [reading the AI disclosure](/blog/ai-credits-and-bring-your-own-key).

Ten minutes, five tabs, one number. If a deal passes, buy it and then use the refund window to test it on real work.`,
};
