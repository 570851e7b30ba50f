import { CommunityMessage } from '@everdeal/contracts/community-messages';
import { describe, expect, it } from 'vitest';
import { questionFieldError, reviewFieldError } from './community-rules';

describe('community form rules', () => {
  it('words review errors like the server', () => {
    const values = { rating: '0', title: 'ok', body: 'short' };
    expect(reviewFieldError('rating', values)).toBe(CommunityMessage.ratingInvalid);
    expect(reviewFieldError('title', values)).toBe(CommunityMessage.titleTooShort(3));
    expect(reviewFieldError('body', values)).toBe(CommunityMessage.bodyTooShort(10));
    expect(reviewFieldError('rating', { ...values, rating: '4' })).toBeUndefined();
  });

  it('lets a question go without a body', () => {
    expect(questionFieldError('body', { title: 'Is there an API?', body: '  ' })).toBeUndefined();
    expect(questionFieldError('title', { title: '   ', body: '' })).toBe(CommunityMessage.titleRequired);
  });
});
