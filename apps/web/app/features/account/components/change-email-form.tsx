import type { User } from '@everdeal/contracts';
import { ValidationMessage } from '@everdeal/contracts/messages';
import { useQueryClient } from '@tanstack/react-query';
import MailCheck from 'lucide-react/icons/mail-check';
import { type FormEvent, useState } from 'react';
import { Button } from '~/components/ui/button';
import { FormAlert } from '~/components/ui/form-alert';
import { TextField } from '~/components/ui/text-field';
import { toast } from '~/components/ui/toast';
import { callApi } from '~/lib/api-client';
import { emailError } from '~/lib/field-rules';
import { type FormError, toFormError } from '~/lib/form-error';
import { formatDateTime } from '~/lib/format-date';
import { type FieldValidator, useForm } from '~/lib/use-form';
import { EMAIL_STATUS_QUERY_KEY, useEmailStatus } from '../api/email-status';
import { EmailVerificationStatus } from './email-verification-status';

type Field = 'newEmail' | 'password';

const GOOGLE_CONFIRMATION =
  'To confirm, you must have logged in with Google in the last 5 minutes. If it has been longer, log out, log in with Google again and come back here.';

/**
 * Decision 027: the new address takes over only when the link mailed to it is opened while
 * logged in to this account; the current address is told. The password (or, for a Google-only
 * account, a fresh Google login) confirms the request.
 */
export function ChangeEmailForm({ user }: { user: User }) {
  const status = useEmailStatus();
  const queryClient = useQueryClient();
  const validate: FieldValidator<Field> = (name, values) => {
    if (name === 'newEmail') return emailError(values.newEmail);
    return user.hasPassword && !values.password ? ValidationMessage.passwordRequired : undefined;
  };
  const form = useForm<Field>({ initialValues: { newEmail: '', password: '' }, validate });
  const [isSending, setIsSending] = useState(false);
  const [isCancelling, setIsCancelling] = useState(false);
  const [refusal, setRefusal] = useState<FormError | null>(null);
  const pending = status.data?.pendingEmail ? status.data : null;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (isSending || !form.validateAll()) return;
    setIsSending(true);
    setRefusal(null);
    try {
      const newEmail = form.values.newEmail.trim();
      await callApi(
        'users/changeEmail',
        user.hasPassword ? { newEmail, password: form.values.password } : { newEmail },
        { silent: true },
      );
      form.reset();
      toast.success(`We sent a link to ${newEmail}`);
      await queryClient.invalidateQueries({ queryKey: EMAIL_STATUS_QUERY_KEY });
    } catch (error) {
      const failure = toFormError(error);
      // 403: a Google-only account whose login is older than 5 minutes; the client hides the server's text.
      setRefusal(failure.status === 403 ? { ...failure, message: GOOGLE_CONFIRMATION } : failure);
    } finally {
      setIsSending(false);
    }
  };

  const cancel = async () => {
    setIsCancelling(true);
    try {
      await callApi('users/cancelEmailChange', {});
      toast.success('The change of e-mail address was cancelled');
      await queryClient.invalidateQueries({ queryKey: EMAIL_STATUS_QUERY_KEY });
    } catch {
      // The client already showed requirements §8 message.
    } finally {
      setIsCancelling(false);
    }
  };

  return (
    <div className="space-y-5">
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <span className="min-w-0 break-all font-medium text-ink-900">{user.email}</span>
        <EmailVerificationStatus />
      </div>
      {pending ? (
        <div className="flex flex-col gap-3 rounded-2xl bg-brand-50 p-4 text-ink-700 text-sm sm:flex-row sm:items-start">
          <MailCheck aria-hidden="true" className="size-5 shrink-0 text-brand-600" />
          <p className="flex-1">
            We sent a link to <strong className="break-all text-ink-900">{pending.pendingEmail}</strong>. Open it while
            logged in to this account to start using that address
            {pending.pendingExpiresAt ? ` (it works until ${formatDateTime(pending.pendingExpiresAt)})` : ''}. Until
            then you keep logging in with {user.email}.
          </p>
          <Button variant="outline" size="sm" isLoading={isCancelling} onClick={cancel}>
            Cancel change
          </Button>
        </div>
      ) : null}
      <form noValidate onSubmit={submit} className="space-y-4">
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField label="New e-mail address" type="email" autoComplete="email" {...form.field('newEmail')} />
          {user.hasPassword ? (
            <TextField
              label="Current password"
              type="password"
              autoComplete="current-password"
              revealable
              {...form.field('password')}
            />
          ) : null}
        </div>
        {user.hasPassword ? null : (
          <p className="text-ink-500 text-sm">
            This account has no password: to confirm, you must have logged in with Google in the last 5 minutes.
          </p>
        )}
        {refusal ? <FormAlert tone={refusal.tone}>{refusal.message}</FormAlert> : null}
        <div className="flex justify-end">
          <Button type="submit" isLoading={isSending} disabled={form.hasErrors}>
            Send confirmation link
          </Button>
        </div>
      </form>
    </div>
  );
}
