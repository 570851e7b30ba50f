import { GIFT_MESSAGE_MAX } from '@everdeal/contracts/constants';
import { useId } from 'react';
import { TextField } from '~/components/ui/text-field';

export type GiftChoice = { isGift: boolean; email: string; message: string };
export const NO_GIFT: GiftChoice = { isGift: false, email: '', message: '' };

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Why the gift's fields cannot be sent as they are, per field; empty when they can. */
export function giftErrors(choice: GiftChoice): { email?: string; message?: string } {
  if (!choice.isGift) return {};
  return {
    ...(EMAIL.test(choice.email.trim()) ? {} : { email: 'Enter the e-mail address of the person you give it to' }),
    ...(choice.message.length > GIFT_MESSAGE_MAX
      ? { message: `Keep the message to ${GIFT_MESSAGE_MAX} characters` }
      : {}),
  };
}

/**
 * Checkout's "This is a gift" (decision 043): a native checkbox, then the recipient's address and
 * an optional note. They get a link by e-mail; the codes are theirs when they claim it.
 */
export function GiftOption({
  choice,
  onChange,
  errors,
}: {
  choice: GiftChoice;
  onChange: (choice: GiftChoice) => void;
  errors: { email?: string; message?: string };
}) {
  const messageId = useId();
  return (
    <div className="mt-5 rounded-lg ring-1 ring-ink-900/10 has-checked:ring-brand-600">
      <label className="flex min-h-11 cursor-pointer items-center gap-3 px-3 py-2 text-ink-800 text-sm has-focus-visible:outline-2 has-focus-visible:outline-brand-500">
        <input
          type="checkbox"
          checked={choice.isGift}
          onChange={(event) => onChange({ ...choice, isGift: event.target.checked })}
          className="size-4 shrink-0 accent-brand-600"
        />
        <span>
          <span className="font-medium text-ink-900">This is a gift</span>{' '}
          <span className="text-ink-600">(we e-mail them a link to claim it)</span>
        </span>
      </label>
      {choice.isGift ? (
        <div className="space-y-4 border-ink-900/[0.07] border-t px-3 pt-3 pb-4">
          <TextField
            label="Recipient’s e-mail"
            type="email"
            autoComplete="off"
            value={choice.email}
            onChange={(event) => onChange({ ...choice, email: event.target.value })}
            error={errors.email}
          />
          <div>
            <label htmlFor={messageId} className="mb-1.5 block font-medium text-ink-800 text-sm">
              Message (optional)
            </label>
            <textarea
              id={messageId}
              rows={3}
              value={choice.message}
              maxLength={GIFT_MESSAGE_MAX + 50}
              onChange={(event) => onChange({ ...choice, message: event.target.value })}
              aria-invalid={errors.message ? true : undefined}
              aria-describedby={`${messageId}-count`}
              className="block w-full rounded-xl border border-ink-900/15 bg-white px-3.5 py-2.5 text-[0.9375rem] text-ink-900 focus-visible:border-brand-500 focus-visible:outline-2 focus-visible:outline-brand-500"
            />
            <p id={`${messageId}-count`} className={`mt-1 text-xs ${errors.message ? 'text-red-700' : 'text-ink-500'}`}>
              {errors.message ?? `${choice.message.length}/${GIFT_MESSAGE_MAX} characters`}
            </p>
          </div>
          <p className="text-ink-600 text-xs">
            The order and its receipt are yours; the license codes are theirs once they claim it. You can refund it
            until then.
          </p>
        </div>
      ) : null}
    </div>
  );
}
