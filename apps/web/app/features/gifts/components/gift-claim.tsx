import type { GiftPreview, OrderItem } from '@everdeal/contracts';
import { GIFT_CLAIM_PATH, ORDERS_PATH, orderItemPath } from '@everdeal/contracts/order-paths';
import CircleCheck from 'lucide-react/icons/circle-check';
import Gift from 'lucide-react/icons/gift';
import { useState } from 'react';
import { Link } from 'react-router';
import { Button, buttonClasses } from '~/components/ui/button';
import { FormAlert } from '~/components/ui/form-alert';
import { LoadingRegion, Skeleton } from '~/components/ui/skeleton';
import { ApiError } from '~/lib/api-client';
import { type FormError, toFormError } from '~/lib/form-error';
import { loginPathFor } from '~/lib/safe-redirect';
import { useAuth } from '~/shared/session/session-provider';
import { useClaimGift, useGiftPreview } from '../api/gifts';

const STATE_WORDS: Record<Exclude<GiftPreview['state'], 'claimable'>, string> = {
  claimed: 'This gift has already been claimed.',
  expired: 'This link has expired. Ask the sender to send it again from their order page.',
  unavailable: 'This item is no longer available: it was refunded or the sender took it back.',
};

/** Who sent what, with their note shown as written (React escapes it). */
function OfferCard({ gift }: { gift: GiftPreview }) {
  return (
    <div className="rounded-card bg-white p-5 shadow-card ring-1 ring-ink-900/5 sm:p-7">
      <div className="flex items-center gap-4">
        <img src={gift.productLogoUrl} alt="" width={56} height={56} className="size-14 shrink-0 rounded-xl" />
        <div className="min-w-0">
          <p className="text-ink-500 text-sm">
            {gift.fromName} {gift.kind === 'gift' ? 'sent you a gift' : 'is transferring a license to you'}
          </p>
          <p className="font-semibold text-ink-900 text-lg">{gift.productName}</p>
          <p className="text-ink-600 text-sm">
            {gift.planName}
            {gift.quantity > 1 ? ` × ${gift.quantity}` : ''} · lifetime deal
          </p>
        </div>
      </div>
      {gift.message ? (
        <blockquote className="mt-4 whitespace-pre-wrap break-words border-brand-200 border-l-4 pl-3 text-ink-700">
          {gift.message}
        </blockquote>
      ) : null}
    </div>
  );
}

function Claimed({ item, wasYours }: { item: OrderItem; wasYours: boolean }) {
  return (
    <div className="space-y-5">
      <div role="status" className="flex gap-3 rounded-2xl bg-emerald-50 p-4 text-emerald-900 text-sm">
        <CircleCheck aria-hidden="true" className="mt-px size-5 shrink-0 text-emerald-600" />
        <p>
          {wasYours ? 'This is already yours.' : 'It is yours!'} {item.productName} ({item.planName}) and its license{' '}
          {item.codes.length === 1 ? 'code are' : 'codes are'} on your account now.
        </p>
      </div>
      <div className="flex flex-col gap-3 sm:flex-row">
        <Link to={orderItemPath(item.orderId, item.id)} className={buttonClasses({ size: 'lg' })}>
          See your license codes
        </Link>
        <Link to={ORDERS_PATH} className={buttonClasses({ size: 'lg', variant: 'outline' })}>
          Your orders
        </Link>
      </div>
    </div>
  );
}

/**
 * The claim link's page `/gift/claim?token=…` (decision 043): what is offered and by whom; a
 * visitor signs in or up and comes back here; a signed-in person claims with one button. A link
 * that is not valid, used, expired or refunded says so.
 */
export function GiftClaim({ token }: { token: string }) {
  const { isLoggedIn, isRestored, user } = useAuth();
  const preview = useGiftPreview(token);
  const claim = useClaimGift();
  const [claimed, setClaimed] = useState<{ item: OrderItem; wasYours: boolean } | null>(null);
  const [error, setError] = useState<FormError | null>(null);
  const back = `${GIFT_CLAIM_PATH}?token=${encodeURIComponent(token)}`;

  if (preview.isPending) {
    return (
      <LoadingRegion label="Opening your gift…" className="space-y-4">
        <Skeleton className="h-32 rounded-card" />
        <Skeleton className="h-12 w-48 rounded-xl" />
      </LoadingRegion>
    );
  }
  if (preview.isError) {
    const isInvalid = preview.error instanceof ApiError && preview.error.status === 404;
    return (
      <FormAlert>
        {isInvalid
          ? 'This gift link is not valid. Open the whole link from the e-mail; if the sender mailed it again, only the newest link works.'
          : 'The gift could not be loaded.'}{' '}
        {isInvalid ? null : (
          <button type="button" className="font-semibold underline" onClick={() => void preview.refetch()}>
            Try again
          </button>
        )}
      </FormAlert>
    );
  }
  const gift = preview.data;
  if (claimed) return <Claimed item={claimed.item} wasYours={claimed.wasYours} />;

  const onClaim = () => {
    setError(null);
    claim.mutateAsync(token).then(
      ({ item }) => setClaimed({ item, wasYours: gift.state === 'claimed' }),
      (failure: unknown) => setError(toFormError(failure)),
    );
  };

  return (
    <div className="space-y-6">
      <OfferCard gift={gift} />
      {gift.state === 'claimable' || (gift.state === 'claimed' && isLoggedIn) ? (
        isRestored && !isLoggedIn ? (
          <div className="space-y-4">
            <p className="text-ink-700">Sign in or create a free account to claim it; you come back here after.</p>
            <div className="flex flex-col gap-3 sm:flex-row">
              <Link
                to={`/auth/register?redirect=${encodeURIComponent(back)}`}
                className={buttonClasses({ size: 'lg' })}
              >
                Create an account
              </Link>
              <Link to={loginPathFor(back)} className={buttonClasses({ size: 'lg', variant: 'outline' })}>
                Sign in
              </Link>
            </div>
          </div>
        ) : (
          <div className="space-y-4">
            {gift.state === 'claimed' ? (
              <p className="text-ink-700">{STATE_WORDS.claimed} If it was you, open it:</p>
            ) : (
              <p className="text-ink-700">
                Claim it as <strong className="break-all">{user?.email ?? 'your account'}</strong>: the license codes go
                to this account.
              </p>
            )}
            <Button size="lg" isLoading={claim.isPending} disabled={!isRestored} onClick={onClaim}>
              <Gift aria-hidden="true" className="size-5" />
              {gift.state === 'claimed' ? 'Open it' : gift.kind === 'gift' ? 'Claim your gift' : 'Claim the license'}
            </Button>
            {error ? <FormAlert tone={error.tone}>{error.message}</FormAlert> : null}
          </div>
        )
      ) : (
        <FormAlert tone="warning">{STATE_WORDS[gift.state]}</FormAlert>
      )}
    </div>
  );
}
