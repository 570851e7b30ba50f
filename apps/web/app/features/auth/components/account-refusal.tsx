import { Link } from 'react-router';
import { FormAlert } from '~/components/ui/form-alert';
import { closeLoginModal } from '~/shared/session/login-prompt';

/**
 * A login or sign-up refused because the account was deactivated (decision 002): the server's
 * words, which name the support address, and the way to the contact form (the login modal closes
 * on the way there).
 */
export function AccountRefusal({ message }: { message: string }) {
  return (
    <FormAlert>
      <p>{message}</p>
      <Link to="/contact" onClick={() => closeLoginModal()} className="mt-1 inline-block font-semibold underline">
        Contact support
      </Link>
    </FormAlert>
  );
}
