import type { Review } from '@everdeal/contracts';
import { QueryClientProvider } from '@tanstack/react-query';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '~/lib/query-client';
import type { AuthSnapshot } from '~/shared/session/auth-store';
import { SessionProvider } from '~/shared/session/session-provider';
import { testUser } from '~test/test-user';
import { myReviewQueryOptions } from '../api/community';
import { type ReviewView, toReviewView } from '../community-views';
import { type CommunityPreview, CommunitySections } from './community-sections';

const PRODUCT_ID = 7;

// The session as the browser has it once restored (a server render is never signed in).
const session = vi.hoisted(() => ({ current: null as AuthSnapshot | null }));
vi.mock('~/shared/session/session-provider', async (importOriginal) => {
  const original = await importOriginal<typeof import('~/shared/session/session-provider')>();
  return {
    ...original,
    useAuth: () => {
      const restored = original.useAuth();
      return session.current ?? restored;
    },
  };
});
const signedIn = (): AuthSnapshot => ({ isRestored: true, isLoggedIn: true, token: 'tok', user: testUser });
const signedOut = (): AuthSnapshot => ({ isRestored: true, isLoggedIn: false, token: null, user: null });
afterEach(() => {
  session.current = null;
});

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
function render(
  communityPreview: CommunityPreview,
  mine: Review | null | undefined,
  { auth = signedIn(), isHidden = false }: { auth?: AuthSnapshot | null; isHidden?: boolean } = {},
) {
  session.current = auth;
  const queryClient = createQueryClient();
  if (mine !== undefined) {
    queryClient.setQueryData(myReviewQueryOptions(PRODUCT_ID).queryKey, { review: mine, canReview: true, isHidden });
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

  it('shows it to no one once signed out, and not in the server’s render (which knows no session)', () => {
    for (const auth of [signedOut(), null]) {
      const html = render(preview(mostHelpful.map(toReviewView), 4), review(40, 'My fresh take'), { auth });
      expect(html).not.toContain('My fresh take');
      expect(html).not.toContain('Your review');
      expect(html).toContain('Write a review');
    }
  });

  it('does not show a review a moderator hid as if it were listed, and offers no vote on one’s own', () => {
    const hidden = render(preview(mostHelpful.map(toReviewView), 3), review(40, 'Buy my course'), { isHidden: true });
    expect(hidden).not.toContain('Buy my course');
    expect(hidden).toContain('Edit your review');
    const shown = render(preview(mostHelpful.map(toReviewView), 4), review(40, 'My fresh take'));
    const own = shown.slice(shown.indexOf('Your review'), shown.indexOf('Best tool'));
    expect(own).toContain('My fresh take');
    expect(own).not.toContain('Helpful');
    expect(own).not.toContain('Report');
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
