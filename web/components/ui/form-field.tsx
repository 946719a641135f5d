import { type InputHTMLAttributes, type TextareaHTMLAttributes, useId } from 'react';

interface FieldFrame {
  label: string;
  error?: string | undefined;
  hint?: string | undefined;
  /** Dark backgrounds (the footer) need light labels. */
  tone?: 'light' | 'dark';
}

function labelClass(tone: FieldFrame['tone']) {
  return `mb-1.5 block text-sm font-medium ${tone === 'dark' ? 'text-stone-200' : 'text-stone-800'}`;
}

function FieldMessages({ id, error, hint }: { id: string; error?: string | undefined; hint?: string | undefined }) {
  if (error) return <p id={`${id}-error`} className="mt-1.5 text-sm font-medium text-error">{error}</p>;
  if (hint) return <p id={`${id}-hint`} className="mt-1.5 text-sm text-stone-600">{hint}</p>;
  return null;
}

function describedBy(id: string, error?: string, hint?: string) {
  return error ? `${id}-error` : hint ? `${id}-hint` : undefined;
}

/** A labelled input with its error under it; the error is tied to the input for screen readers. */
export function TextField({ label, error, hint, tone, className, ...input }: FieldFrame & InputHTMLAttributes<HTMLInputElement>) {
  const id = useId();
  return (
    <div className={className}>
      <label htmlFor={id} className={labelClass(tone)}>
        {label}
      </label>
      <input
        id={id}
        className={`input w-full text-stone-900 ${error ? 'input-error' : ''}`}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, error, hint)}
        {...input}
      />
      <FieldMessages id={id} error={error} hint={hint} />
    </div>
  );
}

export function TextAreaField({ label, error, hint, tone, className, ...textarea }: FieldFrame & TextareaHTMLAttributes<HTMLTextAreaElement>) {
  const id = useId();
  return (
    <div className={className}>
      <label htmlFor={id} className={labelClass(tone)}>
        {label}
      </label>
      <textarea
        id={id}
        className={`textarea w-full text-stone-900 ${error ? 'textarea-error' : ''}`}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, error, hint)}
        {...textarea}
      />
      <FieldMessages id={id} error={error} hint={hint} />
    </div>
  );
}
