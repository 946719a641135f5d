import { contactLimits } from '../../../../common/contact-rules.ts';
import { contactMessageInputSchema } from '../../../../common/schemas/inbox-forms.ts';
import { TextAreaField, TextField } from '../../../components/ui/form-field.tsx';
import { FormSubmit } from '../../../components/ui/form-submit.tsx';
import { useSchemaForm } from '../../../lib/use-schema-form.ts';
import { useSendContactMessage } from '../api/inbox-mutations.ts';

/** The home page's contact form. What a person typed stays in the form until the server has it. */
export function ContactForm() {
  const form = useSchemaForm(contactMessageInputSchema, { defaultValues: { email: '', name: '', phone: '', requirement: '' } });
  const { field } = form;
  const send = useSendContactMessage();

  return (
    <form
      noValidate
      onSubmit={form.handleSubmit((message) => send.mutate(message, { onSuccess: () => form.reset() }))}
      aria-label="Contact us"
      className="grid gap-4 sm:grid-cols-2"
    >
      <TextField label="Email" type="email" autoComplete="email" maxLength={contactLimits.email} {...field('email')} />
      <TextField label="Name" autoComplete="name" maxLength={contactLimits.name} {...field('name')} />
      <TextField label="Phone (optional)" type="tel" autoComplete="tel" maxLength={contactLimits.phone} className="sm:col-span-2" {...field('phone')} />
      <TextAreaField
        label="Product requirement"
        rows={4}
        maxLength={contactLimits.requirement}
        placeholder="Which tools, how many, and by when?"
        className="sm:col-span-2"
        {...field('requirement')}
      />
      <div className="space-y-3 sm:col-span-2">
        <FormSubmit
          label="Send Messege"
          busy={send.isPending}
          error={send.error?.message}
          aside={
            <p aria-live="polite" className="text-sm font-medium text-success">
              {send.isSuccess && `Thank you, ${send.data.name}. We will answer at ${send.data.email} within two working days.`}
            </p>
          }
        />
      </div>
    </form>
  );
}
