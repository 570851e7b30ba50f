import { FORGOT_DIALOG_WIDTH_PX } from '@everdeal/contracts/constants';
import { ValidationMessage } from '@everdeal/contracts/messages';
import MailCheck from 'lucide-react/icons/mail-check';
import { Button } from '~/components/ui/button';
import { Modal } from '~/components/ui/modal';
import { TextField } from '~/components/ui/text-field';
import { toast } from '~/components/ui/toast';
import { emailError } from '~/lib/field-rules';
import { type FieldValidator, useForm } from '~/lib/use-form';
import { sendResetLink } from '../api/auth-requests';
import { AuthMessage } from '../auth-error';
import { useAuthSubmit } from '../hooks/use-auth-submit';

// An empty field is answered on submit with requirements §5 warning toast, not on blur: a blur error
// would disable the button under the pointer and swallow that very click.
const validate: FieldValidator<'email'> = (_, values) => (values.email.trim() ? emailError(values.email) : undefined);

/** Requirements §2 "Forgot Password dialog" (800 px wide), opened from the sign-in form. */
export function ForgotPasswordDialog({
  open,
  onOpenChange,
  initialEmail = '',
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  initialEmail?: string;
}) {
  return (
    <Modal
      open={open}
      onOpenChange={onOpenChange}
      title="Forgot password"
      description="Enter the e-mail address of your account and we will send you a link to choose a new password. The link is valid for 30 minutes."
      width={FORGOT_DIALOG_WIDTH_PX}
      footer={null}
    >
      {/* Mounted only while open, so every opening starts from the sign-in form's e-mail. */}
      {open ? <ForgotPasswordForm initialEmail={initialEmail} onDone={() => onOpenChange(false)} /> : null}
    </Modal>
  );
}

function ForgotPasswordForm({ initialEmail, onDone }: { initialEmail: string; onDone: () => void }) {
  const form = useForm({ initialValues: { email: initialEmail }, validate });
  const { isSubmitting, onSubmit } = useAuthSubmit(AuthMessage.forgotFailedLater);

  const submit = onSubmit(async () => {
    const email = form.getValues().email.trim();
    if (!email) {
      // Requirements §5: an empty e-mail is a warning, not a request.
      toast.warning(ValidationMessage.forgotEmailRequired);
      form.focus('email');
      return;
    }
    if (!form.validateAll()) return;
    await sendResetLink(email);
    toast.success(AuthMessage.forgotSent, { duration: 6000 });
    onDone();
  });

  return (
    <form noValidate onSubmit={submit} className="grid gap-6 md:grid-cols-[minmax(0,1fr)_220px] md:items-start">
      <div className="space-y-5">
        <TextField
          label="Email"
          type="email"
          autoComplete="email"
          inputMode="email"
          autoFocus
          {...form.field('email')}
        />
        <div className="flex flex-col-reverse gap-2.5 sm:flex-row sm:justify-end">
          <Button variant="outline" onClick={onDone} disabled={isSubmitting}>
            Cancel
          </Button>
          <Button type="submit" isLoading={isSubmitting} disabled={form.hasErrors}>
            Send reset link
          </Button>
        </div>
      </div>
      <div className="hidden rounded-2xl bg-brand-50 p-5 text-brand-900 md:block">
        <MailCheck aria-hidden="true" className="size-6 text-brand-600" />
        <p className="mt-3 font-semibold text-sm">Check your inbox</p>
        <p className="mt-1 text-brand-800 text-xs leading-relaxed">
          If an account uses this address, the link arrives within a minute. Look in spam if it does not.
        </p>
      </div>
    </form>
  );
}
