import type { AnalyticsFigures, SellerAnalytics } from '@everdeal/contracts';
import { conversionRate } from '@everdeal/contracts/seller-analytics-rules';

// Pure helpers of the analytics page (requirements §13, decision 025).

export type DayFigures = AnalyticsFigures & { day: string };
export type Metric = 'views' | 'cartAdds' | 'sales' | 'revenueCents';

export const METRIC_LABEL: Record<Metric, string> = {
  views: 'Views',
  cartAdds: 'Cart adds',
  sales: 'Sales',
  revenueCents: 'Your share',
};

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** "2026-11-03" → "Nov 3". */
export function shortDay(day: string): string {
  const [, month, date] = day.split('-').map(Number);
  return `${MONTHS[(month ?? 1) - 1]} ${date}`;
}

/** 0.125 → "12.5%"; no views → "–" (nothing to divide by). Written by hand: no Intl on the page. */
export function formatConversion(rate: number | null): string {
  if (rate === null) return '–';
  const tenths = Math.round(rate * 1000);
  return `${Math.floor(tenths / 10)}.${tenths % 10}%`;
}

const withConversion = (figures: Omit<AnalyticsFigures, 'conversion'>): AnalyticsFigures => ({
  ...figures,
  conversion: conversionRate(figures.sales, figures.views),
});

/**
 * The days and totals to show: the seller's (the answer's own) or one product's, from its cells
 * with every other day of the range at zero.
 */
export function figuresFor(
  analytics: SellerAnalytics,
  productId: number | null,
): { daily: DayFigures[]; totals: AnalyticsFigures } {
  if (productId === null) return { daily: analytics.daily, totals: analytics.totals };
  const cells = new Map(analytics.cells.filter((cell) => cell.productId === productId).map((cell) => [cell.day, cell]));
  const daily = analytics.daily.map(({ day }) => {
    const cell = cells.get(day);
    return {
      day,
      ...withConversion({
        views: cell?.views ?? 0,
        cartAdds: cell?.cartAdds ?? 0,
        sales: cell?.sales ?? 0,
        revenueCents: cell?.revenueCents ?? 0,
      }),
    };
  });
  const totals = analytics.products.find((product) => product.id === productId)?.totals;
  return { daily, totals: totals ?? withConversion({ views: 0, cartAdds: 0, sales: 0, revenueCents: 0 }) };
}

/** Whether nothing at all happened: no views, cart adds, sales or revenue. */
export const isQuiet = (figures: AnalyticsFigures) =>
  figures.views + figures.cartAdds + figures.sales + figures.revenueCents === 0;
