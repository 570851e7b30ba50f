import { TextField } from '~/components/ui/text-field';
import type { CouponEditValues } from '../coupon-form';

/**
 * A coupon's limits and window (decision 040): the part of the new-coupon form the edit dialog
 * offers again, since only these change after creation. `usesTaken` adds the floor of `maxUses`.
 */
export function CouponLimitFields({
  values,
  onChange,
  usesTaken,
}: {
  values: CouponEditValues;
  onChange: (patch: Partial<CouponEditValues>) => void;
  usesTaken?: number;
}) {
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <TextField
        label="Most uses in all"
        hint={usesTaken === undefined ? 'Empty: no limit.' : `Empty: no limit. Not below the ${usesTaken} taken.`}
        inputMode="numeric"
        value={values.maxUses}
        onChange={(event) => onChange({ maxUses: event.target.value })}
      />
      <TextField
        label="Most uses per shopper"
        hint="Empty: no limit."
        inputMode="numeric"
        value={values.maxUsesPerUser}
        onChange={(event) => onChange({ maxUsesPerUser: event.target.value })}
      />
      <TextField
        label="Starts"
        type="datetime-local"
        hint="Empty: at once."
        value={values.startsAt}
        onChange={(event) => onChange({ startsAt: event.target.value })}
      />
      <TextField
        label="Ends"
        type="datetime-local"
        hint="Empty: never."
        value={values.endsAt}
        onChange={(event) => onChange({ endsAt: event.target.value })}
      />
    </div>
  );
}
