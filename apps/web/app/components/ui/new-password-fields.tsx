import { ValidationMessage } from '@everdeal/contracts/messages';
import { TextField, type TextFieldProps } from './text-field';

/** What the form supplies for one input: its name, value, error and handlers. */
type PasswordInputProps = Omit<TextFieldProps, 'label' | 'type' | 'autoComplete' | 'revealable' | 'hint'>;

export interface NewPasswordFieldsProps {
  password: PasswordInputProps;
  confirmation: PasswordInputProps;
}

/**
 * The new password and its confirmation, shared by the change and reset password forms. Both
 * say `new-password` so password managers offer to generate and save one. A fragment: each form
 * lays the pair out itself.
 */
export function NewPasswordFields({ password, confirmation }: NewPasswordFieldsProps) {
  return (
    <>
      <TextField
        label="New password"
        type="password"
        autoComplete="new-password"
        revealable
        hint={ValidationMessage.passwordHint}
        {...password}
      />
      <TextField
        label="Confirm new password"
        type="password"
        autoComplete="new-password"
        revealable
        {...confirmation}
      />
    </>
  );
}
