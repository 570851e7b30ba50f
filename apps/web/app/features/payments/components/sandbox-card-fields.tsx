import { useImperativeHandle, useState } from 'react';
import { FormAlert } from '~/components/ui/form-alert';
import { TextField } from '~/components/ui/text-field';
import { ApiError } from '~/lib/api-client';
import { toFormError } from '~/lib/form-error';
import { useForm } from '~/lib/use-form';
import { useAddPaymentMethod } from '../api/payment-methods';
import { type CardField, cardFieldError, cardFieldOfMessage, formatCardNumber, toCardInput } from '../card-entry';
import type { CardEntryProps } from './card-entry-handle';

/**
 * The sandbox's card form (requirements §11): number, expiry and CVC, checked as the shopper
 * leaves each field with the server's own messages; a refusal from the server lands under its
 * field too. The number goes to the server once, to be saved as a token; it is never kept here.
 */
export function SandboxCardFields({ handleRef, disabled = false }: CardEntryProps) {
  const form = useForm<CardField>({
    initialValues: { number: '', expiry: '', cvc: '' },
    validate: (name, values) => cardFieldError(name, values),
  });
  const add = useAddPaymentMethod();
  const [refusal, setRefusal] = useState<{
    field: CardField | null;
    message: string;
    tone: 'error' | 'warning';
  } | null>(null);

  useImperativeHandle(handleRef, () => ({
    save: async () => {
      setRefusal(null);
      if (!form.validateAll()) return null;
      try {
        return await add.mutateAsync({ card: toCardInput(form.getValues()) });
      } catch (error) {
        const { message, tone } = toFormError(error);
        const field = error instanceof ApiError && error.status === 422 ? cardFieldOfMessage(message) : null;
        setRefusal({ field, message, tone });
        if (field) form.focus(field);
        return null;
      }
    },
  }));

  const field = (name: CardField) => {
    const props = form.field(name);
    return {
      ...props,
      error: props.error ?? (refusal?.field === name ? refusal.message : undefined),
      onChange: (event: React.ChangeEvent<HTMLInputElement>) => {
        if (refusal?.field === name) setRefusal(null);
        if (name === 'number') form.setValue('number', formatCardNumber(event.target.value));
        else props.onChange(event);
      },
      disabled,
    };
  };

  return (
    <div className="space-y-4">
      <TextField
        label="Card number"
        inputMode="numeric"
        autoComplete="cc-number"
        placeholder="1234 1234 1234 1234"
        maxLength={23}
        spellCheck={false}
        {...field('number')}
      />
      <div className="grid grid-cols-2 gap-4">
        <TextField
          label="Expiry (MM/YY)"
          inputMode="numeric"
          autoComplete="cc-exp"
          placeholder="MM/YY"
          maxLength={9}
          {...field('expiry')}
        />
        <TextField
          label="Security code"
          inputMode="numeric"
          autoComplete="cc-csc"
          placeholder="CVC"
          maxLength={4}
          {...field('cvc')}
        />
      </div>
      {refusal && !refusal.field ? <FormAlert tone={refusal.tone}>{refusal.message}</FormAlert> : null}
    </div>
  );
}
