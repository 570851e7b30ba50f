import { type FormEvent, useRef, useState } from 'react';
import { toastAuthError } from '../auth-error';

/**
 * The one way the auth forms submit: the browser's own submit is prevented, a second submit
 * while one runs is ignored, and a failure becomes requirements §8's auth toast (what the server
 * said for a refused request, else the form's `failureMessage`). The work validates first and
 * returns early when there is nothing to send.
 */
export function useAuthSubmit(failureMessage: string) {
  const [isSubmitting, setIsSubmitting] = useState(false);
  const isRunning = useRef(false);

  const onSubmit = (work: () => Promise<void>) => async (event: FormEvent) => {
    event.preventDefault();
    if (isRunning.current) return;
    isRunning.current = true;
    setIsSubmitting(true);
    try {
      await work();
    } catch (error) {
      toastAuthError(error, failureMessage);
    } finally {
      isRunning.current = false;
      setIsSubmitting(false);
    }
  };

  return { isSubmitting, onSubmit };
}
