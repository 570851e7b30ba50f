import { describe, expect, it } from 'vitest';
import { CODES_PAGE_SIZE, CODES_REMOVE_MAX } from './seller-rules';

describe('unsold codes (decision 024)', () => {
  it('a page of codes never holds more than one removal may take', () => {
    // The codes page keeps a selection to its page, so what the dialog counts is what is sent.
    expect(CODES_PAGE_SIZE).toBeLessThanOrEqual(CODES_REMOVE_MAX);
  });
});
