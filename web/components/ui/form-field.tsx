import { type ComponentProps, type ReactNode, useId } from 'react';

interface FieldFrame {
  label: string;
  error?: string | undefined;
  hint?: string | undefined;
  /** Dark backgrounds (the footer) need light labels. */
  tone?: 'light' | 'dark';
  className?: string | undefined;
}

/** What a control needs to be tied to its label and to its error or hint. */
interface ControlProps {
  id: string;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
}

/** The label above a control and its error (or hint) under it, tied together for screen readers. */
function Field({ label, error, hint, tone, className, children }: FieldFrame & { children: (control: ControlProps) => ReactNode }) {
  const id = useId();
  const messageId = error ? `${id}-error` : hint ? `${id}-hint` : undefined;
  return (
    <div className={className}>
      <label htmlFor={id} className={`mb-1.5 block text-sm font-medium ${tone === 'dark' ? 'text-stone-200' : 'text-stone-800'}`}>
        {label}
      </label>
      {children({ id, 'aria-invalid': error ? true : undefined, 'aria-describedby': messageId })}
      {error ? (
        <p id={messageId} className="mt-1.5 text-sm font-medium text-error">
          {error}
        </p>
      ) : hint ? (
        <p id={messageId} className="mt-1.5 text-sm text-stone-600">
          {hint}
        </p>
      ) : null}
    </div>
  );
}

export function TextField({ label, error, hint, tone, className, ...input }: FieldFrame & ComponentProps<'input'>) {
  return (
    <Field label={label} error={error} hint={hint} tone={tone} className={className}>
      {(control) => <input className={`input w-full text-stone-900 ${error ? 'input-error' : ''}`} {...control} {...input} />}
    </Field>
  );
}

export function TextAreaField({ label, error, hint, tone, className, ...textarea }: FieldFrame & ComponentProps<'textarea'>) {
  return (
    <Field label={label} error={error} hint={hint} tone={tone} className={className}>
      {(control) => <textarea className={`textarea w-full text-stone-900 ${error ? 'textarea-error' : ''}`} {...control} {...textarea} />}
    </Field>
  );
}

export function SelectField({ label, error, hint, tone, className, children, ...select }: FieldFrame & ComponentProps<'select'>) {
  return (
    <Field label={label} error={error} hint={hint} tone={tone} className={className}>
      {(control) => (
        <select className={`select w-full text-stone-900 ${error ? 'select-error' : ''}`} {...control} {...select}>
          {children}
        </select>
      )}
    </Field>
  );
}
