import { type MoneyRow, moneyRowFigure } from './order-money-rows';

/** The order's money since checkout, row by row with written signs, the net paid last. */
export function MoneyRows({ rows, currency, className }: { rows: MoneyRow[]; currency: string; className: string }) {
  return (
    <dl aria-label="Payments" className={`space-y-1.5 text-sm ${className}`}>
      {rows.map((row) => (
        <div
          key={row.key}
          className={
            row.key === 'net'
              ? 'flex justify-between gap-4 border-ink-900/[0.07] border-t pt-1.5 font-semibold text-ink-900'
              : 'flex justify-between gap-4 text-ink-600'
          }
        >
          <dt className="min-w-0 wrap-anywhere">{row.label}</dt>
          <dd className="shrink-0 text-ink-900 tabular-nums">{moneyRowFigure(row, currency)}</dd>
        </div>
      ))}
    </dl>
  );
}
