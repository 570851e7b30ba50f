import { describe, expect, it } from 'vitest';
import { FAQ_QUESTION_COUNT, FAQ_TOPICS, type FaqTopic } from './faq';
import { countQuestions, normalizeText, searchFaq } from './faq-search';

const topics: FaqTopic[] = [
  {
    id: 'refunds',
    title: 'Refunds',
    items: [
      { id: 'a', question: 'How do I get a refund?', answer: ['Press Refund on the item page.'] },
      { id: 'b', question: 'What happens to my codes?', answer: ['Every code is revoked.'] },
    ],
  },
  {
    id: 'account',
    title: 'Your account',
    items: [{ id: 'c', question: 'I can’t sign in', answer: ['Use “Forgot password?” in the e-mail sign-in.'] }],
  },
];
const ids = (result: FaqTopic[]) => result.flatMap((topic) => topic.items.map((item) => item.id));

describe('normalizeText', () => {
  it('folds case, accents, apostrophes and punctuation', () => {
    expect(normalizeText('  Can’t  RÉSUMÉ e-mail!? ')).toBe('cant resume e mail');
  });
});

describe('searchFaq', () => {
  it('answers everything for an empty or blank query', () => {
    expect(searchFaq(topics, '')).toEqual(topics);
    expect(searchFaq(topics, ' ?! ')).toEqual(topics);
  });

  it('matches word beginnings in the question, the answer and the topic', () => {
    expect(ids(searchFaq(topics, 'revok'))).toEqual(['b']);
    expect(ids(searchFaq(topics, 'REFUND'))).toEqual(['a', 'b']);
    expect(ids(searchFaq(topics, 'account'))).toEqual(['c']);
    // Inside a word does not count: "fund" is not the beginning of "refund".
    expect(ids(searchFaq(topics, 'fund'))).toEqual([]);
  });

  it('needs every word, in any order, and ignores apostrophes and accents', () => {
    expect(ids(searchFaq(topics, 'codes refund'))).toEqual(['b']);
    expect(ids(searchFaq(topics, 'cant sign'))).toEqual(['c']);
    expect(ids(searchFaq(topics, 'refund password'))).toEqual([]);
  });

  it('drops topics with no match and keeps the order of the rest', () => {
    expect(searchFaq(topics, 'sign').map((topic) => topic.id)).toEqual(['account']);
  });
});

describe('the support FAQ', () => {
  it('covers refunds, codes, plan changes and accounts, with unique ids', () => {
    expect(FAQ_TOPICS.map((topic) => topic.id)).toEqual(
      expect.arrayContaining(['refunds', 'codes', 'plans', 'account']),
    );
    const allIds = FAQ_TOPICS.flatMap((topic) => topic.items.map((item) => item.id));
    expect(new Set(allIds).size).toBe(allIds.length);
    expect(countQuestions(FAQ_TOPICS)).toBe(FAQ_QUESTION_COUNT);
  });

  it('states the rules of requirements §9 and §11', () => {
    const text = (query: string) =>
      searchFaq(FAQ_TOPICS, query)
        .flatMap((topic) => topic.items.flatMap((item) => item.answer))
        .join(' ');
    expect(text('refund window')).toMatch(/60 days, some 30 days/);
    expect(text('ticket')).toMatch(/3 refunds in 30 days/);
    expect(text('24 hours')).toMatch(/cannot buy it again for a day/);
    expect(text('stacking')).toMatch(/up to 9 codes of one plan in one order/);
    expect(text('upgrade')).toMatch(/pay only the difference/);
    expect(text('downgrade')).toMatch(/Inside the item’s refund window/);
    expect(text('deactivate')).toMatch(/confirm with your password/);
  });
});
