import type { SaleEvent } from '@everdeal/contracts';
import { SaleMessage } from '@everdeal/contracts/messages';
import { SALE_NAME_MAX, SALE_PERCENT_MAX, SALE_PERCENT_MIN } from '@everdeal/contracts/sale-rules';

// Pure rules of the admin's sale form (decision 042): the server's checks, said next to the
// field before anything is sent; the server still judges (and answers an overlap, 409).

export type SaleFormValues = {
  name: string;
  /** A whole percentage as typed. */
  percentOff: string;
  /** `datetime-local` values, in the browser's time zone. */
  startsAt: string;
  endsAt: string;
};

export type SaleFormErrors = Partial<Record<keyof SaleFormValues, string>>;

export type SaleInput = { name: string; percentOff: number; startsAt: string; endsAt: string };

const momentOf = (local: string): number => (local === '' ? Number.NaN : new Date(local).getTime());

/** What is wrong with each field, at `now` (ms); an empty object when the form may be sent. */
export function saleFormErrors(values: SaleFormValues, now: number): SaleFormErrors {
  const errors: SaleFormErrors = {};
  const name = values.name.trim();
  if (name === '') errors.name = SaleMessage.nameRequired;
  else if (name.length > SALE_NAME_MAX) errors.name = SaleMessage.nameTooLong;
  const percent = Number(values.percentOff.trim());
  if (
    values.percentOff.trim() === '' ||
    !Number.isInteger(percent) ||
    percent < SALE_PERCENT_MIN ||
    percent > SALE_PERCENT_MAX
  ) {
    errors.percentOff = `Percent off ${SaleMessage.percentRange}`;
  }
  const startsAt = momentOf(values.startsAt);
  const endsAt = momentOf(values.endsAt);
  if (Number.isNaN(startsAt)) errors.startsAt = 'Choose when the sale starts';
  if (Number.isNaN(endsAt)) errors.endsAt = 'Choose when the sale ends';
  else if (!Number.isNaN(startsAt) && endsAt <= startsAt) errors.endsAt = SaleMessage.startsBeforeEnds;
  else if (endsAt <= now) errors.endsAt = SaleMessage.endsInPast;
  return errors;
}

/** The call's payload, once `saleFormErrors` found nothing. */
export function saleInput(values: SaleFormValues): SaleInput {
  return {
    name: values.name.trim(),
    percentOff: Number(values.percentOff.trim()),
    startsAt: new Date(values.startsAt).toISOString(),
    endsAt: new Date(values.endsAt).toISOString(),
  };
}

/** A `datetime-local` value of an ISO moment, to the minute, in the browser's time zone. */
export function localInputOf(iso: string): string {
  const at = new Date(iso);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}T${pad(at.getHours())}:${pad(at.getMinutes())}`;
}

/** The form filled with a sale, for editing it. */
export function saleFormValuesOf(sale: SaleEvent): SaleFormValues {
  return {
    name: sale.name,
    percentOff: String(sale.percentOff),
    startsAt: localInputOf(sale.startsAt),
    endsAt: localInputOf(sale.endsAt),
  };
}

/**
 * The `admin/updateSale` payload of an edited sale. A moment left as it was shown keeps the sale's
 * own (the field drops its seconds); a running sale keeps its start and percentage, which the
 * form shows but does not let change (the server refuses them, 409).
 */
export function saleUpdateInput(values: SaleFormValues, sale: SaleEvent): SaleInput & { id: string } {
  const input = saleInput(values);
  const moment = (field: 'startsAt' | 'endsAt') =>
    values[field] === localInputOf(sale[field]) ? sale[field] : input[field];
  const running = sale.status === 'running';
  return {
    id: sale.id,
    name: input.name,
    percentOff: running ? sale.percentOff : input.percentOff,
    startsAt: running ? sale.startsAt : moment('startsAt'),
    endsAt: moment('endsAt'),
  };
}

/** "Running", "Upcoming", "Ended". */
export const SALE_STATUS_LABEL = { upcoming: 'Upcoming', running: 'Running', ended: 'Ended' } as const;
