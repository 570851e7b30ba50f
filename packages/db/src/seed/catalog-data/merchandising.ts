/**
 * Which demo deals play a special part in the storefront, kept in one place so each home page
 * section (featured, ending soon, sold out) has something to show. Slugs are checked against
 * the catalogue by the seed, so a typo fails loudly instead of silently emptying a section.
 */
export const demoMerchandising = {
  featured: ['quillstream', 'lumagrove', 'reelsmith', 'murmurly', 'helpnest', 'commitcraft', 'rankwright', 'daybloom'],
  upcoming: ['agentkiln', 'pitchpaper'],
  /** Ended deals stay visible (with reviews) but can no longer be bought; value = days since the end. */
  ended: { tonewell: 4, keywordkite: 11 } as Record<string, number>,
  /** Live deals ending within 48 hours; value = hours left. */
  endingSoon: { hookline: 6, vocalith: 19, querywise: 31, slidepress: 44 } as Record<string, number>,
  /** Live deals whose plans have no codes left, so the storefront shows "sold out". */
  soldOut: ['headshot-harbor'],
  /** Live deals with only a handful of codes left; value = codes per plan. */
  scarce: { linkmoss: 4 } as Record<string, number>,
  /** The default refund window is 60 days (requirements §9); these deals set their own. */
  refundWindowDays: { dubwise: 30, churnscope: 30, prospectory: 30, 'headshot-harbor': 0, avatalk: 0 } as Record<
    string,
    number
  >,
};
