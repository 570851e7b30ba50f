import type { Order } from '@everdeal/contracts';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { OrderCard } from './order-card';
import { testOrder, testOrderItem } from './test-order';

// The order's VAT line (decision 037): checkout's VAT, and once money moved since (an upgrade, a
// renewal, a refund) the card says it was checkout's, since each later charge has its own VAT.

function renderCard(order: Order): string {
  return renderToStaticMarkup(
    <MemoryRouter initialEntries={['/orders']}>
      <OrderCard order={order} />
    </MemoryRouter>,
  );
}

/** The card header's lines of text, as read: tags gone, entities decoded. */
function headerLines(markup: string): string[] {
  const header = markup.match(/<header\b[\s\S]*?<\/header>/)?.[0] ?? '';
  return [...header.matchAll(/<p\b[^>]*>([\s\S]*?)<\/p>/g)].map(([, inner = '']) =>
    inner
      .replace(/<[^>]*>/g, '')
      .replace(/&#x27;|&#39;/g, "'")
      .replace(/&amp;/g, '&')
      .replace(/\s+/g, ' ')
      .trim(),
  );
}

const reelsmith = testOrderItem();
const sheetsense = testOrderItem({
  id: '2b3c4d5e-6f70-4a81-9b92-a3b4c5d6e7f8',
  productId: 12,
  productName: 'Sheetsense',
  productSlug: 'sheetsense',
  price: 2900,
  amount: 2900,
  checkoutCents: 2900,
  paidCents: 2900,
  taxCents: 551,
});

describe('OrderCard: the VAT line', () => {
  it('says the order’s VAT plainly while nothing moved since checkout', () => {
    const lines = headerLines(renderCard(testOrder([reelsmith, sheetsense])));
    expect(lines).toContain('Includes VAT 19%: $14.82');
    expect(lines.join('\n')).not.toContain('at checkout');
  });

  it('says it was checkout’s VAT once a refund moved money', () => {
    const refunded = { ...sheetsense, status: 'refunded' as const, refundedAt: '2026-11-25T12:00:00.000Z' };
    const order = testOrder([reelsmith, refunded], {
      money: {
        checkoutCents: 9282,
        adjustments: [
          {
            adjustmentId: 'refund-1',
            itemId: refunded.id,
            kind: 'refund',
            fromPlanName: null,
            toPlanName: null,
            chargedCents: 0,
            refundedCents: 3451,
            at: '2026-11-25T12:00:00.000Z',
          },
        ],
        chargedBackCents: 0,
        netPaidCents: 5831,
      },
    });
    const lines = headerLines(renderCard(order));
    expect(lines).toContain('Includes VAT 19% at checkout: $14.82');
    expect(lines).not.toContain('Includes VAT 19%: $14.82');
  });

  it('says a reverse charge was checkout’s too once money moved', () => {
    const order = testOrder([reelsmith, sheetsense], {
      taxCents: 0,
      taxRate: 0,
      taxReverseCharge: true,
      money: {
        checkoutCents: 7800,
        adjustments: [],
        chargedBackCents: 2900,
        netPaidCents: 4900,
      },
    });
    expect(headerLines(renderCard(order))).toContain('VAT 0% at checkout: reverse charge');
  });
});
