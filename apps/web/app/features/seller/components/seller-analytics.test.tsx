import type { AnalyticsFigures, SellerAnalytics, SellerSummary } from '@everdeal/contracts';
import { conversionRate } from '@everdeal/contracts/seller-analytics-rules';
import { QueryClientProvider } from '@tanstack/react-query';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { createQueryClient, USER_QUERY_KEY } from '~/lib/query-client';
import { AnalyticsTable } from './analytics-table';
import { SellerAnalyticsPage } from './seller-analytics';

// The analytics page calls the seller's 70% after refunds "Your share", as the sales list and the
// payouts do (decision 025): "Revenue", beside the payouts' "Gross", read as the price paid.

const seller: SellerSummary = { id: 5, slug: 'acme-labs', name: 'Acme Labs' };

const figures = (views: number, cartAdds: number, sales: number, revenueCents: number): AnalyticsFigures => ({
  views,
  cartAdds,
  sales,
  revenueCents,
  conversion: conversionRate(sales, views),
});

// Buyers paid $127: Reelsmith twice at $49, Sheetsense once at $29. The seller's share is 70% of
// each charge: $34.30 + $34.30 = $68.60 for Reelsmith, $20.30 for Sheetsense, $88.90 in all.
const PRICE_PAID = '$127';
const reelsmith = figures(25, 4, 2, 6860);
const sheetsense = figures(15, 2, 1, 2030);
const totals = figures(40, 6, 3, 8890);
const DAYS = ['2026-11-24', '2026-11-25', '2026-11-26', '2026-11-27', '2026-11-28', '2026-11-29', '2026-11-30'];

const analytics: SellerAnalytics = {
  from: '2026-11-24',
  to: '2026-11-30',
  days: 7,
  currency: 'USD',
  products: [
    { id: 11, name: 'Reelsmith', slug: 'reelsmith', stage: 'live', totals: reelsmith },
    { id: 12, name: 'Sheetsense', slug: 'sheetsense', stage: 'live', totals: sheetsense },
  ],
  daily: DAYS.map((day) => ({
    day,
    ...(day === '2026-11-25' ? reelsmith : day === '2026-11-28' ? sheetsense : figures(0, 0, 0, 0)),
  })),
  cells: [
    { productId: 11, day: '2026-11-25', ...reelsmith },
    { productId: 12, day: '2026-11-28', ...sheetsense },
  ],
  totals,
};

/** The page as the seller's browser shows it once the figures arrived, for the last 7 days. */
function renderPage(): string {
  const queryClient = createQueryClient();
  queryClient.setQueryData([...USER_QUERY_KEY, 'seller', 'analytics', seller.id, 7], analytics);
  return renderToStaticMarkup(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={['/seller/analytics?range=7']}>
        <SellerAnalyticsPage seller={seller} sellers={[seller]} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

// What a reader of the markup sees: the text of an element, its tags gone and entities decoded.
const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'", '#x27': "'" };
function textOf(markup: string): string {
  return markup
    .replace(/<[^>]*>/g, ' ')
    .replace(/&(amp|lt|gt|quot|#39|#x27);/g, (_, name: string) => ENTITIES[name] ?? '')
    .replace(/\s+/g, ' ')
    .trim();
}

/** The table with this caption (its accessible name) as rows of cell texts, header row first. */
function tableNamed(markup: string, caption: string): string[][] {
  for (const [table = ''] of markup.matchAll(/<table\b[\s\S]*?<\/table>/g)) {
    const name = textOf(table.match(/<caption\b[^>]*>([\s\S]*?)<\/caption>/)?.[1] ?? '');
    if (name !== caption) continue;
    return [...table.matchAll(/<tr\b[^>]*>([\s\S]*?)<\/tr>/g)].map(([, row = '']) =>
      [...row.matchAll(/<t[hd]\b[^>]*>([\s\S]*?)<\/t[hd]>/g)].map(([, cell = '']) => textOf(cell)),
    );
  }
  throw new Error(`no table named "${caption}"`);
}

/** The cell of the row headed `rowName`, in the column headed `columnName`. */
function cell(rows: string[][], rowName: string, columnName: string): string | undefined {
  const column = rows[0]?.indexOf(columnName) ?? -1;
  if (column < 0) throw new Error(`no column "${columnName}" in ${JSON.stringify(rows[0])}`);
  return rows.find((row) => row[0] === rowName)?.[column];
}

/** A description list's terms with their descriptions, as read out: "Your share: $88.90". */
function terms(markup: string): [string, string][] {
  return [...markup.matchAll(/<dt\b[^>]*>([\s\S]*?)<\/dt>\s*<dd\b[^>]*>([\s\S]*?)<\/dd>/g)].map(
    ([, term = '', value = '']) => [textOf(term), textOf(value)],
  );
}

/** The names of the radio buttons of one group (the pill's label wraps its radio). */
function radios(markup: string, group: string): string[] {
  return [...markup.matchAll(/<label\b[^>]*>([\s\S]*?)<\/label>/g)]
    .filter(([, inner = '']) => inner.includes(`type="radio"`) && inner.includes(`name="${group}"`))
    .map(([, inner = '']) => textOf(inner));
}

describe('Seller analytics: the seller’s share', () => {
  it('names the totals’ money "Your share" and shows the seller’s 70% beside it, not the price paid', () => {
    const page = renderPage();
    expect(terms(page)).toEqual([
      ['Views', '40'],
      ['Cart adds', '6'],
      ['Sales', '3'],
      ['Your share', '$88.90'],
      ['Conversion', '7.5%'],
    ]);
    // The chart offers the same words.
    expect(radios(page, 'analytics-metric')).toEqual(['Views', 'Cart adds', 'Sales', 'Your share']);
    // "Revenue" is nowhere on the page: a seller reads it as what buyers paid, which it never shows.
    expect(textOf(page)).not.toMatch(/revenue/i);
    expect(textOf(page)).not.toContain(PRICE_PAID);
  });

  it('heads the money column of both tables "Your share", each product’s share and the total under it', () => {
    const page = renderPage();
    const perProduct = tableNamed(page, 'Every product, the last 7 days');
    expect(perProduct[0]).toEqual(['Product', 'Views', 'Cart adds', 'Sales', 'Your share', 'Conversion']);
    expect(cell(perProduct, 'Reelsmith', 'Your share')).toBe('$68.60');
    expect(cell(perProduct, 'Sheetsense', 'Your share')).toBe('$20.30');
    expect(cell(perProduct, 'Total', 'Your share')).toBe('$88.90');

    const perDay = tableNamed(page, 'All products per day, newest first');
    expect(perDay[0]).toEqual(['Day', 'Views', 'Cart adds', 'Sales', 'Your share', 'Conversion']);
    expect(cell(perDay, 'Nov 25', 'Your share')).toBe('$68.60');
    expect(cell(perDay, 'Nov 28', 'Your share')).toBe('$20.30');
    expect(cell(perDay, 'Total', 'Your share')).toBe('$88.90');
  });

  it('says the same in the table on its own', () => {
    const table = renderToStaticMarkup(
      <AnalyticsTable
        caption="Reelsmith alone"
        firstHeading="Product"
        rows={[{ key: '11', label: 'Reelsmith', figures: reelsmith }]}
        totals={reelsmith}
        currency="USD"
      />,
    );
    const rows = tableNamed(table, 'Reelsmith alone');
    expect(rows[0]).toContain('Your share');
    expect(rows[0]).not.toContain('Revenue');
    expect(cell(rows, 'Reelsmith', 'Your share')).toBe('$68.60');
  });
});
