import { type ChangeEvent, useCallback, useRef, useState } from 'react';
import { revealAndFocus } from './reveal';

/** What a form field can be: a one-line input or a textarea (messages, ticket replies). */
type FieldElement = HTMLInputElement | HTMLTextAreaElement;

export type FieldValidator<K extends string> = (name: K, values: Readonly<Record<K, string>>) => string | undefined;

/**
 * Requirements §5 form behaviour: a field validates when it loses focus, its error clears as soon as
 * the user types, and `validateAll` checks every field on submit and focuses the first invalid.
 */
export function useForm<K extends string>({
  initialValues,
  validate,
}: {
  initialValues: Record<K, string>;
  validate: FieldValidator<K>;
}) {
  const [values, setValues] = useState(initialValues);
  const [errors, setErrors] = useState<Partial<Record<K, string>>>({});
  // The values as of the last change, ahead of the state until React renders it: handlers read
  // this (a submit in the same event as a change, a click React replays right after hydrating
  // the form), renders read the state.
  const valuesRef = useRef(values);
  const inputs = useRef(new Map<K, FieldElement>());

  const setValue = useCallback((name: K, value: string) => {
    valuesRef.current = { ...valuesRef.current, [name]: value };
    setValues((current) => ({ ...current, [name]: value }));
    setErrors((current) => (current[name] ? { ...current, [name]: undefined } : current));
  }, []);

  const field = (name: K) => ({
    name,
    value: values[name],
    error: errors[name],
    ref: (element: FieldElement | null) => {
      if (!element) {
        inputs.current.delete(name);
        return;
      }
      inputs.current.set(name, element);
      // Text typed or autofilled into the server's HTML before hydration is in the input but
      // not in the state, and hydration keeps it on screen: the form takes what the user sees.
      if (element.value !== valuesRef.current[name]) setValue(name, element.value);
    },
    onChange: (event: ChangeEvent<FieldElement>) => setValue(name, event.target.value),
    onBlur: () => {
      const error = validate(name, valuesRef.current);
      setErrors((current) => (current[name] === error ? current : { ...current, [name]: error }));
    },
  });

  const validateAll = (): boolean => {
    const names = Object.keys(valuesRef.current) as K[];
    const next: Partial<Record<K, string>> = {};
    for (const name of names) next[name] = validate(name, valuesRef.current);
    setErrors(next);
    const firstInvalid = names.find((name) => next[name] && inputs.current.has(name));
    revealAndFocus(firstInvalid ? inputs.current.get(firstInvalid) : undefined);
    return !names.some((name) => next[name]);
  };

  const initialRef = useRef(initialValues);
  const reset = useCallback(() => {
    valuesRef.current = initialRef.current;
    setValues(initialRef.current);
    setErrors({});
  }, []);

  return {
    values,
    /** The values now, for event handlers (see `valuesRef`). */
    getValues: (): Readonly<Record<K, string>> => valuesRef.current,
    errors,
    hasErrors: Object.values(errors).some(Boolean),
    field,
    setValue,
    validateAll,
    reset,
    /** Takes the reader to a field (a refusal from the server that names it). */
    focus: (name: K) => revealAndFocus(inputs.current.get(name)),
  };
}
