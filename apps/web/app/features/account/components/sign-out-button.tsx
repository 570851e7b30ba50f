import LogOut from 'lucide-react/icons/log-out';
import { useState } from 'react';
import { toast } from '~/components/ui/toast';
import { endSession } from '~/shared/session/session';

/** Desktop has no user menu (the avatar links to /user), so the account area offers Log out. */
export function SignOutButton() {
  const [isBusy, setIsBusy] = useState(false);
  return (
    <button
      type="button"
      disabled={isBusy}
      onClick={async () => {
        setIsBusy(true);
        await endSession();
        toast.success('You have been logged out');
      }}
      className="flex h-10 w-full items-center gap-2 whitespace-nowrap rounded-full px-4 font-medium text-ink-700 text-sm transition-colors hover:bg-ink-900/5 hover:text-ink-900 disabled:opacity-50 md:rounded-xl"
    >
      <LogOut aria-hidden="true" className="size-4" />
      Log out
    </button>
  );
}
