import { newsletterSubscriptionSchema } from '../../../../common/schemas/inbox-forms.ts';
import { TextField } from '../../../components/ui/form-field.tsx';
import { FormSubmit } from '../../../components/ui/form-submit.tsx';
import { useSchemaForm } from '../../../lib/use-schema-form.ts';
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
  const form = useSchemaForm(newsletterSubscriptionSchema, { defaultValues: { email: '' } });
  const email = form.field('email');
  const subscribe = useSubscribeToNewsletter();

  const result = subscribe.data;
  return (
    <form
      noValidate
      onSubmit={form.handleSubmit((subscription) => subscribe.mutate(subscription.email, { onSuccess: () => form.reset() }))}
      className="w-full space-y-3"
      aria-label={formName}
    >
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start">
        {/* One field, so the server's answer shows under it as the field's own problems do. */}
        <TextField
          label={label}
          tone={tone}
          type="email"
          autoComplete="email"
          placeholder="you@example.com"
          className="flex-1"
          {...email}
          error={email.error ?? subscribe.error?.message}
        />
        <FormSubmit label="Subscribe" busy={subscribe.isPending} className="btn-primary sm:mt-7" />
      </div>
      <div aria-live="polite">
        {subscribe.isSuccess && result && (
          <>
            <p className={`text-sm font-medium ${tone === 'dark' ? 'text-emerald-300' : 'text-success'}`}>Thank you! We have sent an e-mail to {result.email}.</p>
            <p className={`mt-1 text-sm ${tone === 'dark' ? 'text-stone-300' : 'text-stone-600'}`}>
              Check your inbox: open the link in it to confirm your subscription, if you have not already.
            </p>
          </>
        )}
      </div>
    </form>
  );
}
