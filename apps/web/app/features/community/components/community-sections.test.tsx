import type { Review } from '@everdeal/contracts';
import { QueryClientProvider } from '@tanstack/react-query';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { createQueryClient } from '~/lib/query-client';
import { SessionProvider } from '~/shared/session/session-provider';
import { myReviewQueryOptions } from '../api/community';
import { type ReviewView, toReviewView } from '../community-views';
import { type CommunityPreview, CommunitySections } from './community-sections';

const PRODUCT_ID = 7;

function review(id: number, title: string, helpfulCount = 0): Review {
  return {
    id,
    productId: PRODUCT_ID,
    rating: 5,
    title,
    body: `Body of ${title}`,
    author: { name: `Author ${id}`, avatarUrl: null },
    isVerifiedPurchaser: true,
    helpfulCount,
    sellerReply: null,
    sellerRepliedAt: null,
    createdAt: '2026-11-20T10:00:00.000Z',
    updatedAt: '2026-11-20T10:00:00.000Z',
  };
}

function preview(reviews: ReviewView[], total = reviews.length): CommunityPreview {
  return {
    reviews: { items: reviews, total },
    questions: { items: [], total: 0 },
    updates: { items: [], total: 0 },
    threads: { items: [], total: 0 },
  };
}

/** The product page's community sections, with what this browser knows of the reader's review. */
function render(communityPreview: CommunityPreview, mine: Review | null | undefined) {
  const queryClient = createQueryClient();
  if (mine !== undefined) {
    queryClient.setQueryData(myReviewQueryOptions(PRODUCT_ID).queryKey, { review: mine, canReview: true });
  }
  return renderToStaticMarkup(
    <QueryClientProvider client={queryClient}>
      <SessionProvider>
        <MemoryRouter initialEntries={['/products/acme#reviews']}>
          <CommunitySections
            productId={PRODUCT_ID}
            slug="acme"
            productName="Acme"
            sellerName="Acme Labs"
            preview={communityPreview}
          />
        </MemoryRouter>
      </SessionProvider>
    </QueryClientProvider>,
  );
}

const mostHelpful = [review(1, 'Best tool', 9), review(2, 'Solid', 5), review(3, 'Good value', 4)];

describe('CommunitySections: the reader’s own review', () => {
  it('shows a review just written above the most helpful ones it is not among', () => {
    const html = render(preview(mostHelpful.map(toReviewView), 4), review(40, 'My fresh take'));
    expect(html).toContain('Your review');
    expect(html).toContain('My fresh take');
    // The section's button opens the form on the reader's review.
    expect(html).toContain('Edit your review');
    expect(html).not.toContain('Write a review');
    // Above the preview, which still lists the three most helpful and the link to all four.
    expect(html.indexOf('My fresh take')).toBeLessThan(html.indexOf('Best tool'));
    expect(html).toContain('Good value');
    expect(html).toContain('See all 4 reviews');
  });

  it('does not show it twice when it is among the most helpful', () => {
    const html = render(preview(mostHelpful.map(toReviewView)), review(2, 'Solid', 5));
    expect(html).not.toContain('Your review');
    expect(html.match(/>Solid</g)).toHaveLength(1);
    expect(html).toContain('Edit your review');
  });

  it('shows it instead of "No reviews yet" when the page was rendered before it', () => {
    const html = render(preview([]), review(40, 'First one'));
    expect(html).toContain('First one');
    expect(html).not.toContain('No reviews yet');
  });

  it('shows nothing of the kind to a reader with no review, or one this browser has not read', () => {
    for (const mine of [null, undefined]) {
      const html = render(preview(mostHelpful.map(toReviewView)), mine);
      expect(html).not.toContain('Your review');
      expect(html).not.toContain('Edit your review');
      expect(html).toContain('Write a review');
      expect(html).toContain('Best tool');
    }
    expect(render(preview([]), null)).toContain('No reviews yet');
  });
});
