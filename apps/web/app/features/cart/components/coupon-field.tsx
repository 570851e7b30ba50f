import type { CartContents } from '@everdeal/contracts';
import { type FormEvent, useState } from 'react';
import { Button } from '~/components/ui/button';
import { TextField } from '~/components/ui/text-field';
import { useCartCoupon } from '../api/cart-coupon';

/**
 * The cart's "Coupon code" field (decision 040): Apply sends the code and shows, under the field,
 * why one does not apply; an applied coupon is named with a Remove button instead.
 */
export function CouponField({ discounts }: { discounts: CartContents['discounts'] }) {
  const { apply, remove } = useCartCoupon();
  const [code, setCode] = useState('');
  const applied = discounts[0];
  if (applied) {
    return (
      <div className="mt-4 flex flex-wrap items-center justify-between gap-2 rounded-xl bg-emerald-50 px-3.5 py-2.5 text-sm">
        <p className="min-w-0 break-all text-emerald-800">
          Coupon <strong className="font-semibold">{applied.code}</strong> applied
        </p>
        <Button
          variant="ghost"
          size="sm"
          aria-label={`Remove coupon ${applied.code}`}
          disabled={remove.isPending}
          onClick={() => remove.mutate()}
        >
          Remove
        </Button>
      </div>
    );
  }
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const trimmed = code.trim();
    if (trimmed) apply.mutate(trimmed, { onSuccess: () => setCode('') });
  };
  return (
    <form onSubmit={submit} className="mt-4 flex items-start gap-2" aria-label="Coupon">
      <TextField
        label="Coupon code"
        name="coupon"
        autoComplete="off"
        autoCapitalize="characters"
        spellCheck={false}
        maxLength={32}
        value={code}
        onChange={(event) => {
          setCode(event.target.value);
          if (apply.isError) apply.reset();
        }}
        error={apply.error?.message}
        className="min-w-0 flex-1"
      />
      {/* Level with the input: below the label's line (text-sm) and its 0.375rem gap. */}
      <Button
        type="submit"
        variant="secondary"
        disabled={apply.isPending || code.trim() === ''}
        className="mt-[1.625rem] h-12 shrink-0"
      >
        Apply
      </Button>
    </form>
  );
}
