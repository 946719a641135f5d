import { useEffect, useRef } from 'react';
import { isPhoneAccountEmail } from '../../../../common/account-contact.ts';
import { stockAlertFormSchema, stockAlertTexts } from '../../../../common/schemas/stock-alerts.ts';
import { TextField } from '../../../components/ui/form-field.tsx';
import { FormSubmit } from '../../../components/ui/form-submit.tsx';
import { useSchemaForm } from '../../../lib/use-schema-form.ts';
import { useSession } from '../../auth/api/session-queries.ts';
import { useRequestStockAlert } from '../api/stock-alert-queries.ts';

export interface NotifyMeFormProps {
  productId: string;
  /** The variant shown; left out for any of the product's variants (a product sold one way). */
  variantId?: string | undefined;
}

/**
 * "Notify me" where a product or variant is sold out: one e-mail address, to which the shop writes
 * once when it can be ordered again. A visitor confirms the address by the link mailed to it; a
 * signed-in customer's own address is filled in and, once they have confirmed it for their account,
 * needs nothing more. Key it by the variant, so that another choice starts a fresh form.
 */
export function NotifyMeForm({ productId, variantId }: NotifyMeFormProps) {
  const session = useSession();
  const own = session.data?.email;
  const form = useSchemaForm(stockAlertFormSchema, { defaultValues: { email: '' } });
  const { getFieldState, getValues, setValue } = form;
  // The session may arrive after the customer has typed another address (a gift, a work address):
  // their own fills the field once, and only a field still untouched.
  const filled = useRef(false);
  useEffect(() => {
    if (filled.current || !own) return;
    filled.current = true;
    if (isPhoneAccountEmail(own) || getFieldState('email').isDirty || getValues('email') !== '') return;
    setValue('email', own);
  }, [own, getFieldState, getValues, setValue]);
  const email = form.field('email');
  const request = useRequestStockAlert();
  const result = request.data;

  return (
    <form
      noValidate
      aria-label="Notify me"
      className="space-y-3 rounded-lg border border-base-300 bg-base-200/50 p-4"
      onSubmit={form.handleSubmit((fields) => request.mutate({ productId, ...(variantId && { variantId }), email: fields.email }))}
    >
      <div>
        <p className="font-semibold text-stone-900">Notify me when it is back</p>
        <p className="text-sm text-stone-600">We will send you one e-mail when it can be ordered again.</p>
      </div>
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start">
        {/* One field, so the server's answer shows under it as the field's own problems do. */}
        <TextField label="Email" type="email" autoComplete="email" placeholder="you@example.com" className="flex-1" {...email} error={email.error ?? request.error?.message} />
        <FormSubmit label="Notify me" busy={request.isPending} className="btn-primary sm:mt-7" />
      </div>
      <div aria-live="polite">
        {request.isSuccess && result && (
          <p role="status" className="text-sm font-medium text-success">
            {result.confirmed ? stockAlertTexts.customer : stockAlertTexts.visitor}
            {result.confirmed ? '.' : `: we have sent a link to ${result.email}.`}
          </p>
        )}
      </div>
    </form>
  );
}
