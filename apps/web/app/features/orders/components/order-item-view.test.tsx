import type { OrderItem } from '@everdeal/contracts';
import { QueryClientProvider } from '@tanstack/react-query';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { formatDate } from '~/lib/format-date';
import { createQueryClient } from '~/lib/query-client';
import { OrderItemView } from './order-item-view';
import { testOrderItem } from './test-order';

// An item's page once it ended: a lifetime item ends only with its deal (the lifetime promise,
// decision 031), so it says the deal ended; only a subscription's says the subscription did.

const ENDED_AT = '2026-11-27T12:00:00.000Z';

/** The item's page as the buyer's browser shows it (the codes' buttons need a query client). */
function renderItem(item: OrderItem): string {
  return renderToStaticMarkup(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter initialEntries={[`/order/${item.orderId}/${item.id}`]}>
        <OrderItemView item={item} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

/** The text a reader reads in the markup: tags gone, entities decoded, spaces collapsed. */
function textOf(markup: string): string {
  return markup
    .replace(/<[^>]*>/g, ' ')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
    .trim();
}

/** The License codes section's text, where the item says what became of it. */
function codesSection(markup: string): string {
  const section = markup.match(/<section aria-labelledby="order-item-codes"[\s\S]*?<\/section>/)?.[0];
  if (!section) throw new Error('no License codes section');
  return textOf(section);
}

describe('OrderItemView: an item that ended', () => {
  it('says a lifetime deal’s item ended with its deal, not as a subscription', () => {
    const item = testOrderItem({
      status: 'ended',
      endedAt: ENDED_AT,
      lifetimePromise: { status: 'shut_down', sunsetAt: ENDED_AT, message: 'The service closed for good.' },
      codes: [{ code: 'REEL-7F3K-22QX', status: 'revoked', redeemedAt: null }],
    });
    const section = codesSection(renderItem(item));
    expect(section).toContain(
      `This deal ended on ${formatDate(ENDED_AT, undefined)}, so its license codes no longer work.`,
    );
    expect(section).not.toMatch(/subscription/i);
    // The header still names it a lifetime plan.
    expect(textOf(renderItem(item))).toContain('Tier 1 · lifetime plan');
  });

  it('says so without a date when the end’s date is unknown', () => {
    const section = codesSection(renderItem(testOrderItem({ status: 'ended', endedAt: null })));
    expect(section).toContain('This deal ended, so its license codes no longer work.');
    expect(section).not.toMatch(/subscription/i);
  });

  it('still says a subscription that ran out is a subscription that ended', () => {
    const item = testOrderItem({
      planName: 'Monthly',
      planKind: 'subscription',
      billingInterval: 'month',
      status: 'ended',
      endedAt: ENDED_AT,
    });
    const section = codesSection(renderItem(item));
    expect(section).toContain(
      `This subscription ended on ${formatDate(ENDED_AT, undefined)}, so its license codes no longer work.`,
    );
    expect(section).not.toContain('This deal ended');
  });
});
