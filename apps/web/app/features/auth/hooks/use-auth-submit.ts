import { type FormEvent, useRef, useState } from 'react';
import { accountRefusalOf, toastAuthError } from '../auth-error';

/**
 * The one way the auth forms submit: the browser's own submit is prevented, a second submit
 * while one runs is ignored, and a failure becomes requirements §8's auth toast (what the server
 * said for a refused request, else the form's `failureMessage`). A deactivated account is no
 * toast: `refusal` holds the server's words, which the form shows beside itself with the way to
 * support until the next submit (decision 002). The work validates first and returns early when
 * there is nothing to send.
 */
export function useAuthSubmit(failureMessage: string) {
  const [isSubmitting, setIsSubmitting] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const isRunning = useRef(false);

  const onSubmit = (work: () => Promise<void>) => async (event: FormEvent) => {
    event.preventDefault();
    if (isRunning.current) return;
    isRunning.current = true;
    setIsSubmitting(true);
    setRefusal(null);
    try {
      await work();
    } catch (error) {
      const refused = accountRefusalOf(error);
      if (refused) setRefusal(refused);
      else toastAuthError(error, failureMessage);
    } finally {
      isRunning.current = false;
      setIsSubmitting(false);
    }
  };

  return { isSubmitting, onSubmit, refusal, setRefusal };
}
