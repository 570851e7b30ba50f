import { formatMoney } from '@everdeal/contracts/money';
import { ORDERS_PATH, orderItemPath, USER_CREDIT_PATH, userCreditPath } from '@everdeal/contracts/order-paths';
import { WALLET_PAGE_SIZE } from '@everdeal/contracts/wallet-rules';
import Wallet from 'lucide-react/icons/wallet';
import { Link } from 'react-router';
import { buttonClasses } from '~/components/ui/button';
import { EmptyState } from '~/components/ui/empty-state';
import { FormAlert } from '~/components/ui/form-alert';
import { Pagination } from '~/components/ui/pagination';
import { LoadingRegion, Skeleton } from '~/components/ui/skeleton';
import { orderNumber } from '~/shared/orders/order-number';
import { WalletHistory } from '~/shared/wallet/wallet-history';
import { useWallet } from '../api/get-wallet';

/**
 * What a shopper does with credit (decision 030): it pays first at checkout, the card the rest,
 * and what was paid with credit comes back as credit.
 */
const HOW_CREDIT_IS_USED =
  'At checkout, tick “Use my store credit”: your credit pays first and your card only the rest, or nothing at all when the credit covers it. A refund of what you paid with credit comes back as credit.';

/** `/user/credit` (decision 030): the balance, large, then the history a page at a time. */
export function CreditPage({ page }: { page: number }) {
  const wallet = useWallet(page);
  if (wallet.isError) {
    return (
      <FormAlert>
        Your store credit could not be loaded.{' '}
        <button type="button" onClick={() => void wallet.refetch()} className="font-semibold underline">
          Try again
        </button>
      </FormAlert>
    );
  }
  if (!wallet.data) {
    return (
      <LoadingRegion label="Loading your store credit…" className="space-y-4">
        <Skeleton className="h-40 rounded-card" />
        <Skeleton className="h-56 rounded-card" />
      </LoadingRegion>
    );
  }
  const { balanceCents, entries, total } = wallet.data;
  const pageCount = Math.ceil(total / WALLET_PAGE_SIZE);
  return (
    <div className="space-y-8">
      <section
        aria-labelledby="credit-balance"
        className="rounded-card bg-white p-5 shadow-card ring-1 ring-ink-900/5 sm:p-7"
      >
        <h3 id="credit-balance" className="font-semibold text-ink-700 text-sm">
          Your balance
        </h3>
        <p className="mt-1 font-extrabold text-4xl text-ink-900 tabular-nums tracking-tight sm:text-5xl">
          {formatMoney(balanceCents)} <span className="font-semibold text-ink-600 text-lg">store credit</span>
        </p>
        <ul className="mt-4 space-y-1 text-ink-600 text-sm">
          <li>Credit never expires. 1 credit is 1 cent of a US dollar.</li>
          <li>{HOW_CREDIT_IS_USED}</li>
        </ul>
      </section>

      <section aria-labelledby="credit-history">
        <h3 id="credit-history" className="font-semibold text-ink-900 text-lg">
          History
        </h3>
        <div className="mt-3">
          {total === 0 ? (
            <EmptyState
              icon={Wallet}
              title="No store credit yet"
              description="When Everdeal adds credit to your account, say to make up for a problem with an order, it shows here with what it was for."
              action={
                <Link to="/support" className={buttonClasses({ variant: 'secondary', size: 'sm' })}>
                  Contact support
                </Link>
              }
            />
          ) : entries.length === 0 ? (
            <EmptyState
              title="Nothing on this page"
              description={`Your history has ${pageCount === 1 ? 'one page' : `${pageCount} pages`}.`}
              action={
                <Link to={USER_CREDIT_PATH} className={buttonClasses({ variant: 'secondary', size: 'sm' })}>
                  Latest credit
                </Link>
              }
            />
          ) : (
            <>
              <WalletHistory entries={entries} orderLink={orderLinkOf} />
              <Pagination page={page} pageCount={pageCount} hrefFor={userCreditPath} />
            </>
          )}
        </div>
      </section>
    </div>
  );
}

/** A bought item's page when the credit came from one; otherwise the order, found in the orders list. */
function orderLinkOf(entry: { orderId?: string | undefined; orderItemId?: string | undefined }) {
  if (!entry.orderId) return null;
  const label = `Order ${orderNumber(entry.orderId)}`;
  return entry.orderItemId
    ? { to: orderItemPath(entry.orderId, entry.orderItemId), label }
    : { to: ORDERS_PATH, label: `${label} in your orders` };
}
