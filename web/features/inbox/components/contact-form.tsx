import type { FormEvent } from 'react';
import { contactLimits, contactMessages, emailProblem, optionalPhoneProblem } from '../../../../common/contact-rules.ts';
import { TextAreaField, TextField } from '../../../components/ui/form-field.tsx';
import { type Problems, useForm } from '../../../lib/use-form.ts';
import { useSendContactMessage } from '../api/inbox-mutations.ts';

const emptyMessage = { email: '', name: '', phone: '', requirement: '' };
type Fields = typeof emptyMessage;

function findProblems(fields: Fields): Problems<Fields> {
  const problems: Problems<Fields> = {};
  const email = emailProblem(fields.email);
  if (email) problems.email = email;
  if (!fields.name.trim()) problems.name = contactMessages.nameRequired;
  const phone = optionalPhoneProblem(fields.phone);
  if (phone) problems.phone = phone;
  if (!fields.requirement.trim()) problems.requirement = contactMessages.requirementRequired;
  return problems;
}

/** The home page's contact form. What a person typed stays in the form until the server has it. */
export function ContactForm() {
  const form = useForm(emptyMessage, findProblems);
  const { fields, field } = form;
  const send = useSendContactMessage();

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!form.check()) return;
    send.mutate(
      { email: fields.email.trim(), name: fields.name.trim(), phone: fields.phone.trim(), requirement: fields.requirement.trim() },
      { onSuccess: form.reset },
    );
  }

  return (
    <form noValidate onSubmit={submit} aria-label="Contact us" className="grid gap-4 sm:grid-cols-2">
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
      <div className="flex flex-col gap-3 sm:col-span-2 sm:flex-row sm:items-center">
        <button type="submit" className="btn btn-primary" disabled={send.isPending}>
          {send.isPending && <span className="loading loading-spinner loading-xs" aria-hidden="true" />}
          Send Messege
        </button>
        <div aria-live="polite" className="text-sm font-medium">
          {send.isError && <p className="text-error">{send.error.message}</p>}
          {send.isSuccess && (
            <p className="text-success">
              Thank you, {send.data.name}. We will answer at {send.data.email} within two working days.
            </p>
          )}
        </div>
      </div>
    </form>
  );
}
