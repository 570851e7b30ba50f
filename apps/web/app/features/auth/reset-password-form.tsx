import { type FormEvent, useState } from 'react';
import { Button } from '~/components/ui/button';
import { NewPasswordFields } from '~/components/ui/new-password-fields';
import { toast } from '~/components/ui/toast';
import { callApi } from '~/lib/api-client';
import { confirmPasswordError, newPasswordError } from '~/lib/password-rules';
import { type FieldValidator, useForm } from '~/lib/use-form';
import { AuthMessage, toastAuthError } from './auth-error';

type Field = 'password' | 'confirmPassword';

const validate: FieldValidator<Field> = (name, values) =>
  name === 'password'
    ? newPasswordError(values.password)
    : confirmPasswordError(values.password, values.confirmPassword);

/** Sets a new password with the token from the mailed link; the caller navigates on success. */
export function ResetPasswordForm({ token, onSuccess }: { token: string; onSuccess: () => void }) {
  const form = useForm<Field>({ initialValues: { password: '', confirmPassword: '' }, validate });
  const [isSubmitting, setIsSubmitting] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (isSubmitting || !form.validateAll()) return;
    setIsSubmitting(true);
    try {
      await callApi('users/resetPassword', { token, password: form.values.password }, { silent: true });
      toast.success(AuthMessage.resetSuccess, { duration: 5000 });
      onSuccess();
    } catch (error) {
      toastAuthError(error, AuthMessage.resetFailed);
    } finally {
      setIsSubmitting(false);
    }
  };

  return (
    <form noValidate onSubmit={submit} className="space-y-4">
      <NewPasswordFields password={form.field('password')} confirmation={form.field('confirmPassword')} />
      <Button type="submit" size="lg" isLoading={isSubmitting} disabled={form.hasErrors} className="w-full">
        Set new password
      </Button>
    </form>
  );
}
