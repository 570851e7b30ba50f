import type { FaqItem, FaqTopic } from './faq';

/** Lower case, accents off, punctuation as spaces: "Can’t" and "cant" meet, "e-mail" and "e mail". */
export function normalizeText(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[’'`]/g, '')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

const searchableText = new WeakMap<FaqItem, string>();

function textOf(topic: FaqTopic, item: FaqItem): string {
  let text = searchableText.get(item);
  if (text === undefined) {
    text = ` ${normalizeText([topic.title, item.question, ...item.answer].join(' '))}`;
    searchableText.set(item, text);
  }
  return text;
}

/**
 * The FAQ as you type: every word of the query must begin a word of the question, its answer or
 * its topic ("refu code" finds the refund that revokes codes). An empty query is everything.
 * Topics keep their order and lose the questions that do not match; empty topics drop out.
 */
export function searchFaq(topics: readonly FaqTopic[], query: string): FaqTopic[] {
  const words = normalizeText(query).split(' ').filter(Boolean);
  if (words.length === 0) return [...topics];
  return topics
    .map((topic) => ({
      ...topic,
      items: topic.items.filter((item) => {
        const text = textOf(topic, item);
        return words.every((word) => text.includes(` ${word}`));
      }),
    }))
    .filter((topic) => topic.items.length > 0);
}

export function countQuestions(topics: readonly FaqTopic[]): number {
  return topics.reduce((count, topic) => count + topic.items.length, 0);
}
