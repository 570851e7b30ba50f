import { ValidationMessage } from '@everdeal/contracts/messages';
import { type FormEvent, useState } from 'react';
import { Button } from '~/components/ui/button';
import { NewPasswordFields } from '~/components/ui/new-password-fields';
import { TextField } from '~/components/ui/text-field';
import { toast } from '~/components/ui/toast';
import { ApiError, callApi } from '~/lib/api-client';
import { type FieldValidator, useForm } from '~/lib/use-form';
import { confirmPasswordError, newPasswordError } from '~/shared/account/account-rules';

type Field = 'currentPassword' | 'newPassword' | 'confirmPassword';

const validate: FieldValidator<Field> = (name, values) => {
  if (name === 'currentPassword') return values.currentPassword ? undefined : ValidationMessage.required;
  if (name === 'newPassword') return newPasswordError(values.newPassword);
  return confirmPasswordError(values.newPassword, values.confirmPassword);
};

/** Changing the password needs the current one; the server signs out other devices. */
export function ChangePasswordForm() {
  const form = useForm<Field>({
    initialValues: { currentPassword: '', newPassword: '', confirmPassword: '' },
    validate,
  });
  const [isSaving, setIsSaving] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (isSaving || !form.validateAll()) return;
    setIsSaving(true);
    try {
      await callApi(
        'users/changePassword',
        { currentPassword: form.values.currentPassword, newPassword: form.values.newPassword },
        { silent: true },
      );
      form.reset();
      toast.success('Your password has been changed');
    } catch (error) {
      if (error instanceof ApiError && error.status !== null && error.status < 500)
        toast[error.severity](error.message);
      else toast.error('Failed to change password, please try again later');
    } finally {
      setIsSaving(false);
    }
  };

  return (
    <form noValidate onSubmit={submit} className="space-y-4">
      <TextField
        label="Current password"
        type="password"
        autoComplete="current-password"
        revealable
        {...form.field('currentPassword')}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <NewPasswordFields password={form.field('newPassword')} confirmation={form.field('confirmPassword')} />
      </div>
      <div className="flex justify-end">
        <Button type="submit" isLoading={isSaving}>
          Change password
        </Button>
      </div>
    </form>
  );
}
