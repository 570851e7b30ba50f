import { ValidationMessage } from '@everdeal/contracts/messages';
import { type ReactNode, useState } from 'react';
import { Button } from '~/components/ui/button';
import { TextField } from '~/components/ui/text-field';
import { toast } from '~/components/ui/toast';
import { useForm } from '~/lib/use-form';
import { startSession } from '~/shared/session/session';
import { login } from '../api/auth-requests';
import { AuthMessage } from '../auth-error';
import { useAuthSubmit } from '../hooks/use-auth-submit';
import { AccountRefusal } from './account-refusal';
import { ForgotPasswordDialog } from './forgot-password-dialog';
import { GoogleButton } from './google-button';
import { LegalNote } from './legal-note';

// Login checks presence only, on submit (requirements §5): a blur on an empty field says nothing.
const noFieldValidation = () => undefined;

export interface SignInFormProps {
  /** After the session is stored (the modal closes, the page navigates). */
  onSuccess?: () => void;
  /** The "Create an account" prompt under the form: a tab switch or a link. */
  footer?: ReactNode;
}

/** Requirements §2/§5: e-mail and password sign-in, "Forgot password?", Google, legal links. */
export function SignInForm({ onSuccess, footer }: SignInFormProps) {
  const form = useForm({ initialValues: { email: '', password: '' }, validate: noFieldValidation });
  const [isForgotOpen, setIsForgotOpen] = useState(false);
  const { isSubmitting, onSubmit, refusal, setRefusal } = useAuthSubmit(AuthMessage.loginFailed);

  const submit = onSubmit(async () => {
    const values = form.getValues();
    const email = values.email.trim();
    if (!email || !values.password) {
      toast.warning(ValidationMessage.loginIncomplete);
      form.focus(email ? 'password' : 'email');
      return;
    }
    const result = await login({ email, password: values.password });
    toast.success(AuthMessage.loginSuccess);
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
          Log in
        </Button>
      </form>
      <GoogleButton onSuccess={onSuccess} onRefused={setRefusal} />
      <LegalNote action="logging in" />
      {footer ? <div className="border-ink-900/[0.07] border-t pt-4 text-center text-sm">{footer}</div> : null}
      <ForgotPasswordDialog open={isForgotOpen} onOpenChange={setIsForgotOpen} initialEmail={form.values.email} />
    </div>
  );
}
