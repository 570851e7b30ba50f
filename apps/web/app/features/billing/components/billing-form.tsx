import type { BillingProfile } from '@everdeal/contracts';
import { BillingMessage, COUNTRY_CODES, checkVatId, isEuCountry, vatPrefixOf } from '@everdeal/contracts/billing-rules';
import BadgeCheck from 'lucide-react/icons/badge-check';
import { type FormEvent, useId, useMemo, useState } from 'react';
import { Button } from '~/components/ui/button';
import { FormAlert } from '~/components/ui/form-alert';
import { LoadingRegion, Skeleton } from '~/components/ui/skeleton';
import { TextField } from '~/components/ui/text-field';
import { toast } from '~/components/ui/toast';
import { toFormError } from '~/lib/form-error';
import { useBillingProfile, useUpdateBillingProfile } from '../api/billing-profile';

type Field = 'name' | 'companyName' | 'vatId' | 'country' | 'addressLine' | 'city' | 'postalCode';
type Values = Record<Field, string>;
const FIELDS: Field[] = ['name', 'companyName', 'vatId', 'country', 'addressLine', 'city', 'postalCode'];

/** `/user/billing` (decision 037): who invoices are made out to, and the country and VAT id VAT follows. */
export function BillingPanel() {
  const profile = useBillingProfile();
  if (profile.isPending) {
    return (
      <LoadingRegion label="Loading your billing details…" className="space-y-4">
        <Skeleton className="h-12 w-full" />
        <Skeleton className="h-12 w-full" />
        <Skeleton className="h-12 w-2/3" />
      </LoadingRegion>
    );
  }
  if (profile.isError) {
    return (
      <FormAlert>
        We could not load your billing details.{' '}
        <button type="button" className="font-semibold underline" onClick={() => void profile.refetch()}>
          Try again
        </button>
      </FormAlert>
    );
  }
  return <BillingForm saved={profile.data.profile} />;
}

const valuesOf = (profile: BillingProfile | null): Values =>
  Object.fromEntries(FIELDS.map((field) => [field, profile?.[field] ?? ''])) as Values;

/** Country names in English, built on first use (the browser's locale data is loaded then). */
function useCountryOptions(): { code: string; name: string }[] {
  return useMemo(() => {
    const names = new Intl.DisplayNames(['en'], { type: 'region' });
    return COUNTRY_CODES.map((code) => ({ code, name: names.of(code) ?? code })).sort((a, b) =>
      a.name.localeCompare(b.name, 'en'),
    );
  }, []);
}

/** "vatId: must start with DE, …" (a 422 naming its field) → the field and its message. */
function fieldErrorOf(message: string): { field: Field; message: string } | null {
  const match = /^(\w+): (.+)$/.exec(message);
  const field = match?.[1] as Field | undefined;
  return field && FIELDS.includes(field) && match?.[2] ? { field, message: match[2] } : null;
}

/** The check the server makes, as the shopper types: an empty id is fine, a typed one must be valid. */
function vatIdError(values: Values): string | undefined {
  if (values.vatId.trim() === '' || values.country === '') return undefined;
  const check = checkVatId(values.vatId, values.country);
  return check.valid ? undefined : check.message;
}

function BillingForm({ saved }: { saved: BillingProfile | null }) {
  const [values, setValues] = useState<Values>(() => valuesOf(saved));
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [alert, setAlert] = useState<string | null>(null);
  const update = useUpdateBillingProfile();
  const countries = useCountryOptions();
  const ids = useId();
  const countryError = errors.country;
  const isEu = isEuCountry(values.country);
  const reverseCharge = values.vatId.trim() !== '' && isEu && checkVatId(values.vatId, values.country).valid;

  const set = (field: Field, value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => (current[field] ? { ...current, [field]: undefined } : current));
  };
  const field = (name: Exclude<Field, 'country'>) => ({
    name,
    value: values[name],
    error: errors[name],
    onChange: (event: { target: { value: string } }) => set(name, event.target.value),
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (update.isPending) return;
    setAlert(null);
    const found: Partial<Record<Field, string>> = {
      country: values.country === '' ? `Country ${BillingMessage.countryUnknown}` : undefined,
      vatId: vatIdError(values),
    };
    setErrors(found);
    const invalid = FIELDS.find((name) => found[name]);
    if (invalid) {
      document.getElementById(`${ids}-${invalid}`)?.focus();
      return;
    }
    update.mutate(
      {
        country: values.country,
        name: values.name,
        companyName: values.companyName,
        vatId: values.vatId,
        addressLine: values.addressLine,
        city: values.city,
        postalCode: values.postalCode,
      },
      {
        onSuccess: ({ profile }) => {
          setValues(valuesOf(profile));
          toast.success('Your billing details have been saved');
        },
        onError: (error) => {
          const failure = toFormError(error);
          const named = fieldErrorOf(failure.message);
          if (named) {
            setErrors({ [named.field]: named.message });
            document.getElementById(`${ids}-${named.field}`)?.focus();
          } else setAlert(failure.message);
        },
      },
    );
  };

  return (
    <form noValidate onSubmit={submit} className="space-y-4">
      {saved === null ? (
        <p className="rounded-xl bg-canvas px-4 py-3 text-ink-700 text-sm">
          You have not added billing details yet. Your billing country decides the VAT on your orders, and your invoices
          are made out to these details.
        </p>
      ) : null}
      {alert ? <FormAlert reveal>{alert}</FormAlert> : null}
      <div>
        <label htmlFor={`${ids}-country`} className="mb-1.5 block font-medium text-ink-900 text-sm">
          Country
        </label>
        <select
          id={`${ids}-country`}
          name="country"
          required
          autoComplete="country"
          value={values.country}
          onChange={(event) => set('country', event.target.value)}
          aria-invalid={countryError ? true : undefined}
          aria-describedby={countryError ? `${ids}-country-error` : `${ids}-country-hint`}
          className="block h-12 w-full rounded-xl border border-ink-900/15 bg-white px-3 text-[0.9375rem] text-ink-900 focus-visible:outline-2 focus-visible:outline-brand-500"
        >
          <option value="">Choose your country</option>
          {countries.map((country) => (
            <option key={country.code} value={country.code}>
              {country.name}
            </option>
          ))}
        </select>
        {countryError ? (
          <p id={`${ids}-country-error`} className="mt-1.5 text-red-600 text-sm">
            {countryError}
          </p>
        ) : (
          <p id={`${ids}-country-hint`} className="mt-1.5 text-ink-500 text-sm">
            Where you or your business are based; in the EU it decides the VAT rate.
          </p>
        )}
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField id={`${ids}-name`} label="Full name" autoComplete="name" {...field('name')} />
        <TextField
          id={`${ids}-companyName`}
          label="Company (optional)"
          autoComplete="organization"
          {...field('companyName')}
        />
      </div>
      <TextField
        id={`${ids}-vatId`}
        label="VAT id (optional)"
        autoComplete="off"
        spellCheck={false}
        placeholder={isEu ? `${vatPrefixOf(values.country as Parameters<typeof vatPrefixOf>[0])}123456789` : undefined}
        hint={
          reverseCharge ? (
            <span className="inline-flex items-center gap-1.5 text-emerald-700">
              <BadgeCheck aria-hidden="true" className="size-4" />
              Valid EU VAT id: your orders are reverse-charged (0% VAT; you account for the VAT).
            </span>
          ) : (
            'For EU businesses: with a valid VAT id your orders are reverse-charged (0% VAT).'
          )
        }
        onBlur={() => setErrors((current) => ({ ...current, vatId: vatIdError(values) }))}
        {...field('vatId')}
      />
      <TextField id={`${ids}-addressLine`} label="Address" autoComplete="street-address" {...field('addressLine')} />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField id={`${ids}-city`} label="City" autoComplete="address-level2" {...field('city')} />
        <TextField id={`${ids}-postalCode`} label="Postal code" autoComplete="postal-code" {...field('postalCode')} />
      </div>
      <div className="flex justify-end">
        <Button type="submit" isLoading={update.isPending}>
          Save billing details
        </Button>
      </div>
    </form>
  );
}
