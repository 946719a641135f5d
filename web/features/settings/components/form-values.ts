import { type FieldErrors, type FieldValues, get } from 'react-hook-form';

/** Number inputs give numbers; a blank one gives NaN, which the schema calls missing. */
export const asNumber = { valueAsNumber: true } as const;

/** A number input that may stay blank: blank is "not given" (undefined), which an optional field takes. */
export const asOptionalNumber = {
  setValueAs: (value: unknown) => (value === '' || value === null || value === undefined ? undefined : Number(value)),
} as const;

/**
 * The first message at or under `name` among a form's errors: a list's own (`zones.0.rates`, kept in
 * its `root` beside its items' when the items have fields) or one of its items' (`zones.0.regions.3`).
 */
export function messageAt<Values extends FieldValues>(errors: FieldErrors<Values>, name: string): string | undefined {
  return firstMessage(get(errors, name));
}

function firstMessage(error: unknown): string | undefined {
  if (!error || typeof error !== 'object') return undefined;
  if ('message' in error && typeof error.message === 'string' && error.message) return error.message;
  for (const [key, value] of Object.entries(error)) {
    // The field's element, and the messages by rule: not places where a message of its own is.
    if (key === 'ref' || key === 'types') continue;
    const message = firstMessage(value);
    if (message) return message;
  }
  return undefined;
}
