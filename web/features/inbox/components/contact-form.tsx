import { type FormEvent, useState } from 'react';
import { contactLimits, contactMessages, emailProblem, loosePhonePattern } from '../../../../common/contact-rules.ts';
import { TextAreaField, TextField } from '../../../components/ui/form-field.tsx';
import { useSendContactMessage } from '../api/inbox-mutations.ts';

const emptyMessage = { email: '', name: '', phone: '', requirement: '' };
type Fields = typeof emptyMessage;
type Problems = Partial<Record<keyof Fields, string>>;

function findProblems(fields: Fields): Problems {
  const problems: Problems = {};
  const email = emailProblem(fields.email);
  if (email) problems.email = email;
  if (!fields.name.trim()) problems.name = contactMessages.nameRequired;
  if (fields.phone.trim() && !loosePhonePattern.test(fields.phone.trim())) problems.phone = contactMessages.phoneInvalid;
  if (!fields.requirement.trim()) problems.requirement = contactMessages.requirementRequired;
  return problems;
}

/** The home page's contact form. What a person typed stays in the form until the server has it. */
export function ContactForm() {
  const [fields, setFields] = useState(emptyMessage);
  const [problems, setProblems] = useState<Problems>({});
  const send = useSendContactMessage();

  const field = (name: keyof Fields) => ({
    name,
    value: fields[name],
    error: problems[name],
    onChange: (event: { target: { value: string } }) => setFields((current) => ({ ...current, [name]: event.target.value })),
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    const found = findProblems(fields);
    setProblems(found);
    if (Object.keys(found).length > 0) return;
    send.mutate(
      { email: fields.email.trim(), name: fields.name.trim(), phone: fields.phone.trim(), requirement: fields.requirement.trim() },
      { onSuccess: () => setFields(emptyMessage) },
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
