import { ValidationMessage } from '@everdeal/contracts/messages';
import { type FormEvent, type ReactNode, useState } from 'react';
import { Button } from '~/components/ui/button';
import { TextField } from '~/components/ui/text-field';
import { toast } from '~/components/ui/toast';
import { callApi } from '~/lib/api-client';
import { startSession } from '~/lib/session';
import { useForm } from '~/lib/use-form';
import { AuthMessage, toastAuthError } from './auth-error';
import { ForgotPasswordDialog } from './forgot-password-dialog';
import { GoogleButton } from './google-button';
import { LegalNote, OrDivider } from './legal-note';

// Login checks presence only, on submit (spec §5): a blur on an empty field says nothing.
const noFieldValidation = () => undefined;

export interface SignInFormProps {
  /** After the session is stored (the modal closes, the page navigates). */
  onSuccess?: () => void;
  /** The "Create an account" prompt under the form: a tab switch or a link. */
  footer?: ReactNode;
}

/** Spec §2/§5: e-mail and password sign-in, "Forgot password?", Google, legal links. */
export function SignInForm({ onSuccess, footer }: SignInFormProps) {
  const form = useForm({ initialValues: { email: '', password: '' }, validate: noFieldValidation });
  const [isSubmitting, setIsSubmitting] = useState(false);
  const [isForgotOpen, setIsForgotOpen] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (isSubmitting) return;
    const email = form.values.email.trim();
    const { password } = form.values;
    if (!email || !password) {
      toast.warning(ValidationMessage.loginIncomplete);
      form.focus(email ? 'password' : 'email');
      return;
    }
    setIsSubmitting(true);
    try {
      // Silent: a wrong password is answered by this form's own toast, not the client's.
      const result = await callApi('users/login', { email, password }, { silent: true });
      toast.success(AuthMessage.loginSuccess);
      startSession(result);
      onSuccess?.();
    } catch (error) {
      toastAuthError(error, AuthMessage.loginFailed);
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
          autoComplete="current-password"
          revealable
          labelAside={
            <button
              type="button"
              onClick={() => setIsForgotOpen(true)}
              className="rounded font-medium text-brand-700 text-sm hover:underline"
            >
              Forgot password?
            </button>
          }
          {...form.field('password')}
        />
        <Button type="submit" size="lg" isLoading={isSubmitting} className="w-full">
          Sign in
        </Button>
      </form>
      <OrDivider />
      <GoogleButton onSuccess={onSuccess} />
      <LegalNote action="signing in" />
      {footer ? <div className="border-ink-900/[0.07] border-t pt-4 text-center text-sm">{footer}</div> : null}
      <ForgotPasswordDialog open={isForgotOpen} onOpenChange={setIsForgotOpen} initialEmail={form.values.email} />
    </div>
  );
}
