import { useState } from 'react';
import { formatUsd } from '../../../../common/money.ts';
import { returnLimits } from '../../../../common/returns.ts';
import type { OrderLine } from '../../../../common/schemas/orders.ts';
import { type OrderReturn, returnReceiptFormSchema, returnRefusalFormSchema } from '../../../../common/schemas/returns.ts';
import { variantLabel } from '../../../../common/variants.ts';
import { SelectField, TextAreaField } from '../../../components/ui/form-field.tsx';
import { FormSubmit } from '../../../components/ui/form-submit.tsx';
import { useToast } from '../../../components/ui/toast.tsx';
import { useSchemaForm } from '../../../lib/use-schema-form.ts';
import { useProduct } from '../../products/api/product-queries.ts';
import { useDecideReturn } from '../api/return-queries.ts';

/** Refuse: why, as the customer reads it. A refusal the server turns down keeps what was typed. */
function RefuseForm({ made, onDone }: { made: OrderReturn; onDone: () => void }) {
  const toast = useToast();
  const decide = useDecideReturn();
  const form = useSchemaForm(returnRefusalFormSchema, { defaultValues: { reason: '' } });
  const submit = form.handleSubmit(({ reason }) =>
    // The promise, not mutate's own onSuccess: the order reloads with the return decided, which
    // unmounts this form, and a callback of mutate's is dropped once its component is gone.
    decide.mutateAsync({ id: made.id, decision: { decision: 'refuse', reason } }).then(
      () => {
        toast(`Return ${made.number} refused; the customer is told why.`);
        onDone();
      },
      // The refusal is shown under the button, from the mutation's error.
      () => undefined,
    ),
  );
  return (
    <form noValidate aria-label={`Refuse return ${made.number}`} className="space-y-3 rounded-lg border border-base-300 p-3" onSubmit={submit}>
      <TextAreaField label="Why it is refused" rows={2} maxLength={returnLimits.refusalReason} hint="The customer reads this in the e-mail." {...form.field('reason')} />
      <div className="flex flex-wrap items-center justify-end gap-2">
        <button type="button" className="btn btn-ghost btn-sm" onClick={onDone}>
          Cancel
        </button>
        <FormSubmit label="Refuse return" busy={decide.isPending} error={decide.error?.message} className="btn-error btn-sm" />
      </div>
    </form>
  );
}

/**
 * The variants of the returned line's product as the catalogue sells them (an exchange is for a variant
 * still sold), with their price and stock; those with fewer pieces than go back cannot be chosen.
 */
function VariantOptions({ productId, pieces }: { productId: string; pieces: number }) {
  const product = useProduct(productId);
  if (product.isPending) return <option value="">Loading the variants…</option>;
  if (product.isError) return <option value="">This product is no longer sold: refund the pieces instead</option>;
  const { options, variants } = product.data;
  return (
    <>
      <option value="">Choose the variant to send</option>
      {variants.map((variant) => (
        <option key={variant._id} value={variant._id} disabled={variant.availQuantity < pieces}>
          {variantLabel(options, variant.options) || product.data.name} · {formatUsd(variant.price)} · {variant.availQuantity} in stock
        </option>
      ))}
    </>
  );
}

/** Mark received: refund the pieces (back to stock, with a credit note), or exchange them for another variant of the same product. */
function ReceiveForm({ made, line, onDone }: { made: OrderReturn; line: OrderLine | undefined; onDone: () => void }) {
  const toast = useToast();
  const decide = useDecideReturn();
  const form = useSchemaForm(returnReceiptFormSchema, { defaultValues: { resolution: 'refund', exchangeVariantId: '' } });
  const resolution = form.watch('resolution');
  // An exchange is for the pieces of one line, of a product still in the catalogue.
  const exchangeable = made.lines.length === 1 && line?.productId;
  const submit = form.handleSubmit((decision) =>
    // The promise, as in RefuseForm: the return received unmounts this form.
    decide.mutateAsync({ id: made.id, decision }).then(
      (received) => {
        toast(
          received.exchange
            ? `Return ${made.number} received: order ${received.exchange.orderNumber} sends ${received.exchange.variant}.`
            : `Return ${made.number} received and refunded.`,
        );
        onDone();
      },
      () => undefined,
    ),
  );
  return (
    <form noValidate aria-label={`Receive return ${made.number}`} className="space-y-3 rounded-lg border border-base-300 p-3" onSubmit={submit}>
      <fieldset>
        <legend className="mb-1.5 text-sm font-medium text-stone-800">The parcel arrived: then</legend>
        <div className="flex flex-wrap gap-4">
          <label className="flex items-center gap-2 text-sm">
            <input type="radio" className="radio radio-sm" value="refund" {...form.register('resolution')} /> Refund the pieces
          </label>
          {exchangeable && (
            <label className="flex items-center gap-2 text-sm">
              <input type="radio" className="radio radio-sm" value="exchange" {...form.register('resolution')} /> Exchange for another variant
            </label>
          )}
        </div>
      </fieldset>
      {resolution === 'exchange' && exchangeable && (
        <SelectField
          label="Variant to send"
          hint="The same price: sent at no charge. Dearer: the customer pays the difference first. Cheaper: the difference is refunded."
          {...form.field('exchangeVariantId')}
        >
          <VariantOptions productId={line.productId!} pieces={made.lines[0]?.quantity ?? 1} />
        </SelectField>
      )}
      <div className="flex flex-wrap items-center justify-end gap-2">
        <button type="button" className="btn btn-ghost btn-sm" onClick={onDone}>
          Cancel
        </button>
        <FormSubmit
          label={resolution === 'exchange' ? 'Receive and exchange' : 'Receive and refund'}
          busy={decide.isPending}
          error={decide.error?.message}
          className="btn-primary btn-sm"
        />
      </div>
    </form>
  );
}

type Opened = 'refuse' | 'receive' | undefined;

/** The admin's buttons for one return: approve or refuse a requested one, mark an approved one received. */
export function AdminReturnActions({ made, lines }: { made: OrderReturn; lines: readonly OrderLine[] }) {
  const toast = useToast();
  const approve = useDecideReturn();
  const [opened, setOpened] = useState<Opened>();
  const close = () => setOpened(undefined);
  if (made.status === 'requested') {
    if (opened === 'refuse') return <RefuseForm made={made} onDone={close} />;
    return (
      <div className="space-y-2 pt-1">
        {approve.error && (
          <p role="alert" className="text-sm font-medium text-error">
            {approve.error.message}
          </p>
        )}
        <div className="flex flex-wrap gap-2">
          <button
            type="button"
            className="btn btn-primary btn-sm"
            disabled={approve.isPending}
            onClick={() =>
              // The promise, as in RefuseForm: the return approved replaces these buttons.
              approve.mutateAsync({ id: made.id, decision: { decision: 'approve' } }).then(
                () => toast(`Return ${made.number} approved; the instructions are mailed.`),
                () => undefined,
              )
            }
          >
            Approve
          </button>
          <button type="button" className="btn btn-outline btn-sm" onClick={() => setOpened('refuse')}>
            Refuse…
          </button>
        </div>
      </div>
    );
  }
  if (made.status !== 'approved') return null;
  if (opened === 'receive') return <ReceiveForm made={made} line={lines.find((line) => line.lineId === made.lines[0]?.lineId)} onDone={close} />;
  return (
    <div className="pt-1">
      <button type="button" className="btn btn-primary btn-sm" onClick={() => setOpened('receive')}>
        Mark received…
      </button>
    </div>
  );
}
