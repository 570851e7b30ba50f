import { Button } from '~/components/ui/button';
import { NewPasswordFields } from '~/components/ui/new-password-fields';
import { toast } from '~/components/ui/toast';
import { type FieldValidator, useForm } from '~/lib/use-form';
import { confirmPasswordError, newPasswordError } from '~/shared/account/account-rules';
import { resetPassword } from '../api/auth-requests';
import { AuthMessage } from '../auth-error';
import { useAuthSubmit } from '../hooks/use-auth-submit';

type Field = 'password' | 'confirmPassword';

const validate: FieldValidator<Field> = (name, values) =>
  name === 'password'
    ? newPasswordError(values.password)
    : confirmPasswordError(values.password, values.confirmPassword);

/** Sets a new password with the token from the mailed link; the caller navigates on success. */
export function ResetPasswordForm({ token, onSuccess }: { token: string; onSuccess: () => void }) {
  const form = useForm<Field>({ initialValues: { password: '', confirmPassword: '' }, validate });
  const { isSubmitting, onSubmit } = useAuthSubmit(AuthMessage.resetFailed);

  const submit = onSubmit(async () => {
    if (!form.validateAll()) return;
    await resetPassword(token, form.getValues().password);
    toast.success(AuthMessage.resetSuccess, { duration: 5000 });
    onSuccess();
  });

  return (
    <form noValidate onSubmit={submit} className="space-y-4">
      <NewPasswordFields password={form.field('password')} confirmation={form.field('confirmPassword')} />
      <Button type="submit" size="lg" isLoading={isSubmitting} className="w-full">
        Set new password
      </Button>
    </form>
  );
}
