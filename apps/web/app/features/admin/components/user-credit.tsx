import type { AdminUser, WalletEntry } from '@everdeal/contracts';
import { formatMoney } from '@everdeal/contracts/money';
import { WALLET_PAGE_SIZE } from '@everdeal/contracts/wallet-rules';
import { FormAlert } from '~/components/ui/form-alert';
import { Pagination } from '~/components/ui/pagination';
import { SkeletonText } from '~/components/ui/skeleton';
import { orderNumber } from '~/shared/orders/order-number';
import { WalletHistory } from '~/shared/wallet/wallet-history';
import { adminOrdersPath } from '../admin-paths';
import { useAdminUserWallet } from '../api/credit-requests';
import { GrantCreditForm } from './grant-credit-form';

/**
 * The store credit part of `/admin/users/:userId` (decision 030): the balance, the grant or
 * correction form, and the history as the shopper sees it, a page at a time (`?credit=N`).
 */
export function UserCredit({
  user,
  page,
  hrefFor,
}: {
  user: AdminUser;
  page: number;
  hrefFor: (page: number) => string;
}) {
  const wallet = useAdminUserWallet(user.id, page);
  return (
    <section aria-labelledby="admin-user-credit">
      <h3 id="admin-user-credit" className="font-semibold text-ink-900 text-lg">
        Store credit
        {wallet.data ? (
          <span className="font-normal text-ink-500"> · balance {formatMoney(wallet.data.balanceCents)}</span>
        ) : null}
      </h3>
      <div className="mt-3 grid gap-4 lg:grid-cols-[minmax(0,1fr)_minmax(0,1.2fr)] lg:items-start">
        <GrantCreditForm user={user} balanceCents={wallet.data?.balanceCents ?? null} />
        <div className="min-w-0">
          {wallet.isError ? (
            <FormAlert>
              We could not load this user’s credit.{' '}
              <button type="button" className="font-semibold underline" onClick={() => void wallet.refetch()}>
                Try again
              </button>
            </FormAlert>
          ) : !wallet.data ? (
            <SkeletonText lines={4} />
          ) : wallet.data.total === 0 ? (
            <p className="text-ink-600 text-sm">No store credit has moved on this account.</p>
          ) : (
            <>
              <WalletHistory
                entries={wallet.data.entries}
                orderLink={adminOrderLink}
                label={`Store credit history of ${user.email}`}
              />
              <Pagination page={page} pageCount={Math.ceil(wallet.data.total / WALLET_PAGE_SIZE)} hrefFor={hrefFor} />
            </>
          )}
        </div>
      </div>
    </section>
  );
}

function adminOrderLink(entry: WalletEntry) {
  return entry.orderId ? { to: adminOrdersPath(entry.orderId), label: `Order ${orderNumber(entry.orderId)}` } : null;
}
