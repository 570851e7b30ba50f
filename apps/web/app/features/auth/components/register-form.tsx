import { ValidationMessage } from '@everdeal/contracts/messages';
import type { ReactNode } from 'react';
import { Button } from '~/components/ui/button';
import { TextField } from '~/components/ui/text-field';
import { toast } from '~/components/ui/toast';
import { emailError } from '~/lib/field-rules';
import { type FieldValidator, useForm } from '~/lib/use-form';
import { nameError, newPasswordError } from '~/shared/account/account-rules';
import { startSession } from '~/shared/session/session';
import { register } from '../api/auth-requests';
import { AuthMessage } from '../auth-error';
import { useAuthSubmit } from '../hooks/use-auth-submit';
import { AccountRefusal } from './account-refusal';
import { GoogleButton } from './google-button';
import { LegalNote } from './legal-note';

type RegisterField = 'email' | 'password' | 'firstName' | 'lastName';
/** The checks of contracts' RegisterInputSchema, in its words (shared/account/account-rules.ts). */
const validate: FieldValidator<RegisterField> = (name, values) => {
  switch (name) {
    case 'email':
      return emailError(values.email);
    case 'password':
      return newPasswordError(values.password);
    case 'firstName':
    case 'lastName':
      return nameError(values[name]);
  }
};

export interface RegisterFormProps {
  /** Requirements §8: the modal and the register page announce success in different words. */
  successMessage: string;
  onSuccess?: () => void;
  footer?: ReactNode;
}

/**
 * Requirements §5 registration: e-mail and password validated on blur with the server's own schema,
 * errors cleared on input, submit disabled while an error shows or the request runs. The names
 * exist in the form state but are not presented (requirements §3); they are sent empty.
 */
export function RegisterForm({ successMessage, onSuccess, footer }: RegisterFormProps) {
  const form = useForm<RegisterField>({
    initialValues: { email: '', password: '', firstName: '', lastName: '' },
    validate,
  });
  const { isSubmitting, onSubmit, refusal, setRefusal } = useAuthSubmit(AuthMessage.registerFailed);

  const submit = onSubmit(async () => {
    if (!form.validateAll()) return;
    const { email, password, firstName, lastName } = form.getValues();
    const result = await register({ email: email.trim(), password, firstName, lastName });
    toast.success(successMessage);
    startSession(result);
    onSuccess?.();
  });

  return (
    <div className="space-y-5">
      <form noValidate onSubmit={submit} className="space-y-4">
        {refusal ? <AccountRefusal message={refusal} /> : null}
        <TextField label="Email" type="email" autoComplete="email" inputMode="email" {...form.field('email')} />
        <TextField
          label="Password"
          type="password"
          autoComplete="new-password"
          revealable
          hint={ValidationMessage.passwordHint}
          {...form.field('password')}
        />
        <Button type="submit" size="lg" isLoading={isSubmitting} disabled={form.hasErrors} className="w-full">
          Create account
        </Button>
      </form>
      <GoogleButton onSuccess={onSuccess} onRefused={setRefusal} />
      <LegalNote action="creating an account" />
      {footer ? <div className="border-ink-900/[0.07] border-t pt-4 text-center text-sm">{footer}</div> : null}
    </div>
  );
}
