import { authors, type DemoBlogPost } from './types';

export const aiCreditsAndByok: DemoBlogPost = {
  slug: 'ai-credits-and-bring-your-own-key',
  title: 'Credits or your own API key? Reading a deal’s AI disclosure',
  excerpt:
    'Every AI deal on Everdeal lists the models it runs on, the credits included each month and whether you can bring your own key. What each line means for your wallet.',
  author: authors.jonas,
  tags: ['ai models', 'buying guide'],
  publishedDaysAgo: 31,
  body: `A one-time price and a product that calls a language model on every click are an awkward pair: the founder pays the model provider every month, for as long as you use the tool. How a deal squares that circle is the most important thing to understand before you buy, so every AI product here carries an **AI disclosure** with three lines.

## Models used

The first line names the models the product runs on: "Whisper and Claude 3.5 Sonnet", "GPT-4o mini", "a proprietary avatar model". It tells you two things.

- **Quality ceiling.** A summariser on a small, cheap model will not write like one on a frontier model, however good the prompts are.
- **Dependence.** A product built on one provider's model changes when that model changes. Founders who list several models can usually switch when a better or cheaper one arrives.

## Credits per month

The second line is the included AI budget, in the unit the product counts: credits, words, minutes of audio, clips. [Murmurly](/products/murmurly) Tier 1, for instance, includes 1,200 credits a month for meeting notes. The budget resets every month, for the life of the deal.

Three questions to ask about credits:

1. **What does one credit buy?** The product's help page or the questions tab should say (one minute of audio, one image, 1,000 words). If it does not, ask before buying.
2. **What happens at zero?** Some products stop until next month, some sell top-ups, some slow down. Top-ups are fine, as long as you know the price.
3. **Does the tier you want cover a heavy month?** Size your tier for your busiest month, not your average one.

## Bring your own key

The third line says whether you can plug in your own API key from the model provider. With your own key, the AI work is billed to your account at the provider's price and the product's credit limit usually no longer applies. [Captionary](/products/captionary) works this way: its credits cover typical use, and heavy users add their own key.

Bring-your-own-key is good news in three situations: you already pay a provider for other work, you need far more volume than any tier includes, or your company requires data to go through its own provider account. It is bad news if you expected the lifetime price to cover everything: the model costs are now yours, every month.

## Reading the three lines together

- **Credits, no key:** the simplest deal. Your costs are fixed; the founder carries the model costs and the risk. Check that the credits cover your month.
- **Credits and a key:** the most flexible. Start on the included credits, switch to your key when you outgrow them.
- **Key only, no credits:** you buy the software; the AI is billed to you. Often the best deal for power users and the worst for occasional ones.

The disclosure is on every product page, above the reviews. It takes thirty seconds to read and saves most of the surprises we hear about in support.`,
};
