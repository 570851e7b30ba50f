import type { User } from '@everdeal/contracts';
import { type FormEvent, useState } from 'react';
import { Button } from '~/components/ui/button';
import { TextField } from '~/components/ui/text-field';
import { toast } from '~/components/ui/toast';
import { callApi } from '~/lib/api-client';
import { type FieldValidator, useForm } from '~/lib/use-form';
import { nameError, occupationError } from '~/shared/account/account-rules';
import { setUser } from '~/shared/session/auth-store';

type Field = 'firstName' | 'lastName' | 'occupation';
/** The checks of contracts' UpdateUserProfileInputSchema, in its words. */
const validate: FieldValidator<Field> = (name, values) =>
  name === 'occupation' ? occupationError(values.occupation) : nameError(values[name]);

/** Names and occupation; the e-mail is shown but cannot change here (the server ignores it). */
export function ProfileForm({ user }: { user: User }) {
  const form = useForm<Field>({
    initialValues: { firstName: user.firstName, lastName: user.lastName, occupation: user.occupation },
    validate,
  });
  const [isSaving, setIsSaving] = useState(false);
  const { firstName, lastName, occupation } = form.values;
  const isDirty =
    firstName.trim() !== user.firstName || lastName.trim() !== user.lastName || occupation.trim() !== user.occupation;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (isSaving || !form.validateAll()) return;
    setIsSaving(true);
    try {
      const updated = await callApi('users/updateUserProfile', {
        firstName: firstName.trim(),
        lastName: lastName.trim(),
        occupation: occupation.trim(),
      });
      setUser(updated);
      toast.success('Your personal info has been saved');
    } catch {
      // The client already showed requirements §8 message.
    } finally {
      setIsSaving(false);
    }
  };

  return (
    <form noValidate onSubmit={submit} className="space-y-4">
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField label="First name" autoComplete="given-name" {...form.field('firstName')} />
        <TextField label="Last name" autoComplete="family-name" {...form.field('lastName')} />
      </div>
      <TextField
        label="Occupation"
        autoComplete="organization-title"
        placeholder="e.g. Product designer"
        {...form.field('occupation')}
      />
      <TextField
        label="Email"
        type="email"
        value={user.email}
        readOnly
        hint="You log in with your e-mail address; change it under E-mail address below."
      />
      <div className="flex justify-end">
        <Button type="submit" isLoading={isSaving} disabled={!isDirty}>
          Save changes
        </Button>
      </div>
    </form>
  );
}
