import { type ChangeEvent, useState } from 'react';

export type Problems<F> = Partial<Record<keyof F, string>>;

/**
 * A form's text fields and the problems found in them. Checking happens on submit; what a person
 * typed stays until the form says otherwise.
 */
export function useForm<F extends Record<string, string>>(initial: F, findProblems: (fields: F) => Problems<F>) {
  const [fields, setFields] = useState(initial);
  const [problems, setProblems] = useState<Problems<F>>({});

  return {
    fields,
    problems,
    reset: () => setFields(initial),
    /** Sets one field from outside the input (an upload's address, say), clearing its problem. */
    set(name: keyof F & string, value: string) {
      setFields((current) => ({ ...current, [name]: value }));
      setProblems((current) => ({ ...current, [name]: undefined }));
    },
    /** Shows a problem found outside the form's own rules (a file too large, say). */
    flag(name: keyof F & string, problem: string | undefined) {
      setProblems((current) => ({ ...current, [name]: problem }));
    },
    /** Props for a TextField bound to `name`. */
    field: (name: keyof F & string) => ({
      name,
      value: fields[name],
      error: problems[name],
      onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) =>
        setFields((current) => ({ ...current, [name]: event.target.value })),
    }),
    /** Finds the problems, shows them, and says whether the form may be sent. */
    check(): boolean {
      const found = Object.fromEntries(Object.entries(findProblems(fields)).filter(([, problem]) => problem)) as Problems<F>;
      setProblems(found);
      return Object.keys(found).length === 0;
    },
  };
}
