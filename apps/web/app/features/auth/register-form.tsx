import { RegisterInputSchema } from '@everdeal/contracts';
import { ValidationMessage } from '@everdeal/contracts/messages';
import { type FormEvent, type ReactNode, useState } from 'react';
import { Button } from '~/components/ui/button';
import { TextField } from '~/components/ui/text-field';
import { toast } from '~/components/ui/toast';
import { callApi } from '~/lib/api-client';
import { startSession } from '~/lib/session';
import { useForm, zodFieldValidator } from '~/lib/use-form';
import { AuthMessage, toastAuthError } from './auth-error';
import { GoogleButton } from './google-button';
import { LegalNote, OrDivider } from './legal-note';

type RegisterField = 'email' | 'password' | 'firstName' | 'lastName';
const validate = zodFieldValidator<RegisterField>(RegisterInputSchema);

export interface RegisterFormProps {
  /** Spec §8: the modal and the register page announce success in different words. */
  successMessage: string;
  onSuccess?: () => void;
  footer?: ReactNode;
}

/**
 * Spec §5 registration: e-mail and password validated on blur with the server's own schema,
 * errors cleared on input, submit disabled while an error shows or the request runs. The names
 * exist in the form state but are not presented (spec §3); they are sent empty.
 */
export function RegisterForm({ successMessage, onSuccess, footer }: RegisterFormProps) {
  const form = useForm<RegisterField>({
    initialValues: { email: '', password: '', firstName: '', lastName: '' },
    validate,
  });
  const [isSubmitting, setIsSubmitting] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (isSubmitting || !form.validateAll()) return;
    setIsSubmitting(true);
    try {
      const { email, password, firstName, lastName } = form.values;
      const result = await callApi(
        'users/register',
        { email: email.trim(), password, firstName, lastName },
        { silent: true, fallbackMessage: AuthMessage.registerFailed },
      );
      toast.success(successMessage);
      startSession(result);
      onSuccess?.();
    } catch (error) {
      toastAuthError(error, AuthMessage.registerFailed);
    } finally {
      setIsSubmitting(false);
    }
  };

  return (
    <div className="space-y-5">
      <form noValidate onSubmit={submit} className="space-y-4">
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
      <OrDivider />
      <GoogleButton onSuccess={onSuccess} />
      <LegalNote action="creating an account" />
      {footer ? <div className="border-ink-900/[0.07] border-t pt-4 text-center text-sm">{footer}</div> : null}
    </div>
  );
}
