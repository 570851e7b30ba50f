import { toast } from '~/components/ui/toast';
import { endSession } from '~/shared/session/session';

export const SIGNED_OUT_MESSAGE = 'You have been logged out';

/** Header and menus: revoke the session, clear it locally, say so (requirements §4). */
export async function signOut() {
  await endSession();
  toast.success(SIGNED_OUT_MESSAGE);
}
