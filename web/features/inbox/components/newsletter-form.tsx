import { type FormEvent, useState } from 'react';
import { emailProblem } from '../../../../common/contact-rules.ts';
import { TextField } from '../../../components/ui/form-field.tsx';
import { useSubscribeToNewsletter } from '../api/inbox-mutations.ts';

/** The newsletter sign-up: one e-mail address, checked here, stored once by the server. */
export function NewsletterForm({
  tone = 'light',
  label = 'Email',
  formName = 'Newsletter',
}: {
  tone?: 'light' | 'dark';
  label?: string;
  /** Each newsletter form on a page needs its own name for screen readers. */
  formName?: string;
}) {
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string>();
  const subscribe = useSubscribeToNewsletter();

  function submit(event: FormEvent) {
    event.preventDefault();
    const problem = emailProblem(email);
    setError(problem);
    if (!problem) subscribe.mutate(email.trim(), { onSuccess: () => setEmail('') });
  }

  const result = subscribe.data;
  return (
    <form noValidate onSubmit={submit} className="w-full space-y-3" aria-label={formName}>
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start">
        <TextField
          label={label}
          tone={tone}
          type="email"
          name="email"
          autoComplete="email"
          placeholder="you@example.com"
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          error={error}
          className="flex-1"
        />
        <button type="submit" className="btn btn-primary sm:mt-7" disabled={subscribe.isPending}>
          {subscribe.isPending && <span className="loading loading-spinner loading-xs" aria-hidden="true" />}
          Subscribe
        </button>
      </div>
      <div aria-live="polite">
        {subscribe.isError && <p className="text-sm font-medium text-error">{subscribe.error.message}</p>}
        {subscribe.isSuccess && result && (
          <p className={`text-sm font-medium ${tone === 'dark' ? 'text-emerald-300' : 'text-success'}`}>
            {result.alreadySubscribed
              ? `${result.email} is already on our list. Nothing more to do.`
              : `Thank you! ${result.email} will get our newsletter.`}
          </p>
        )}
      </div>
    </form>
  );
}
