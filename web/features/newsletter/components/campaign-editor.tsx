import { useRef, useState } from 'react';
import { type Campaign, type CampaignInput, campaignInputSchema, campaignLimits, campaignMessages } from '../../../../common/schemas/newsletter-campaigns.ts';
import { ErrorState } from '../../../components/ui/query-states.tsx';
import { SelectField, TextAreaField, TextField } from '../../../components/ui/form-field.tsx';
import { useToast } from '../../../components/ui/toast.tsx';
import { dateTime } from '../../../lib/date-format.ts';
import { useSchemaForm } from '../../../lib/use-schema-form.ts';
import { formatUsd } from '../../../../common/money.ts';
import { useProductList } from '../../products/api/product-queries.ts';
import { serverFieldProblems } from '../../settings/server-problems.ts';
import { useCampaign, useCancelCampaign, useSaveCampaign, useSendCampaign, useSendTestCampaign } from '../api/campaign-queries.ts';
import { CampaignFigures, CampaignProgress, CampaignStateBadge } from './campaign-figures.tsx';
import { CampaignPreview } from './campaign-preview.tsx';
import { SendConfirmation, type SendRequest } from './send-confirmation.tsx';

const writingHint =
  'A line starting with “## ” is a heading, “- ” a list; **bold**; [words](https://…) a link. A product’s card: [[product:its-id]] on a line of its own (choose one below).';

/** The catalogue, to put a product's card into the text. */
function ProductPicker({ onPick }: { onPick: (id: string) => void }) {
  const products = useProductList({ limit: 100 });
  const [chosen, setChosen] = useState('');
  return (
    <div className="flex flex-wrap items-end gap-2">
      <SelectField label="Product card" className="min-w-0 flex-1" value={chosen} onChange={(event) => setChosen(event.target.value)} disabled={!products.data}>
        <option value="">{products.isError ? 'The catalogue could not be loaded' : 'Choose a product…'}</option>
        {products.data?.items.map((product) => (
          <option key={product._id} value={product._id}>
            {product.name} ({formatUsd(product.price)})
          </option>
        ))}
      </SelectField>
      <button
        type="button"
        className="btn"
        disabled={chosen === ''}
        onClick={() => {
          onPick(chosen);
          setChosen('');
        }}
      >
        Insert product
      </button>
    </div>
  );
}

/** Now, or the time typed into the schedule field (in the admin's own time zone), as an instant. */
function instantOf(local: string): string | undefined {
  const time = new Date(local);
  return Number.isNaN(time.getTime()) ? undefined : time.toISOString();
}

/**
 * A draft's form: subject and text, checked by the server's own schema. Preview, test, send and
 * schedule save the draft first when it has changed; a refused save keeps everything typed.
 */
function DraftForm({ campaign, onSaved, onClose }: { campaign: Campaign | undefined; onSaved: (campaign: Campaign) => void; onClose: () => void }) {
  const toast = useToast();
  const form = useSchemaForm(campaignInputSchema, { defaultValues: { subject: campaign?.subject ?? '', body: campaign?.body ?? '' } });
  const save = useSaveCampaign();
  const test = useSendTestCampaign();
  const send = useSendCampaign();
  const [previewing, setPreviewing] = useState<Campaign>();
  const [sendAt, setSendAt] = useState('');
  const [sendAtError, setSendAtError] = useState<string>();
  const [confirming, setConfirming] = useState<{ campaign: Campaign; request: SendRequest }>();
  const body = useRef<HTMLTextAreaElement | null>(null);
  const bodyField = form.field('body');

  /** The campaign as saved, saving the form first when it is new or changed. */
  async function saved(input: CampaignInput): Promise<Campaign | undefined> {
    // Compared with what was saved (both trimmed by the schema), so that a change is never sent unsaved.
    if (campaign && input.subject === campaign.subject && input.body === campaign.body) return campaign;
    try {
      const result = await save.mutateAsync({ id: campaign?._id, input });
      form.reset({ subject: result.subject, body: result.body });
      onSaved(result);
      return result;
    } catch (error) {
      for (const [order, problem] of serverFieldProblems(error).entries()) {
        if (problem.path === 'subject' || problem.path === 'body') form.setError(problem.path, { type: 'server', message: problem.message }, { shouldFocus: order === 0 });
      }
      return undefined;
    }
  }

  const afterSaving = (then: (campaign: Campaign) => void) =>
    form.handleSubmit(async (input) => {
      const result = await saved(input);
      if (result) then(result);
    });

  const insertProduct = (id: string) => {
    const text = form.getValues('body');
    const at = body.current?.selectionEnd ?? text.length;
    const before = text.slice(0, at).replace(/\n*$/, '');
    const after = text.slice(at).replace(/^\n*/, '');
    const line = `[[product:${id}]]`;
    form.setValue('body', `${before}${before ? '\n\n' : ''}${line}\n\n${after}`, { shouldDirty: true, shouldValidate: form.formState.isSubmitted });
    body.current?.focus();
  };

  const askToSend = (at: string | undefined) => void afterSaving((result) => setConfirming({ campaign: result, request: { subject: result.subject, at } }))();

  return (
    <form
      noValidate
      aria-label={campaign ? `Edit ${campaign.subject}` : 'New campaign'}
      className="space-y-5 rounded-xl border border-base-300 bg-base-100 p-5 sm:p-6"
      onSubmit={afterSaving(() => toast('Draft saved.'))}
    >
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div>
          <h2 className="text-lg font-semibold text-stone-900">{campaign ? 'Edit the draft' : 'New campaign'}</h2>
          <p className="mt-1 text-sm text-stone-600">It stays a draft until you send it.</p>
        </div>
        <button type="button" className="btn btn-ghost btn-sm" onClick={onClose}>
          Close
        </button>
      </div>
      <TextField label="Subject" maxLength={campaignLimits.subject} autoComplete="off" {...form.field('subject')} />
      <TextAreaField
        label="Text"
        rows={14}
        className="[&_textarea]:font-mono [&_textarea]:text-sm"
        hint={writingHint}
        {...bodyField}
        ref={(element: HTMLTextAreaElement | null) => {
          bodyField.ref(element);
          body.current = element;
        }}
      />
      <ProductPicker onPick={insertProduct} />

      {save.error && serverFieldProblems(save.error).length === 0 && (
        <p role="alert" className="text-sm font-medium text-error">
          The draft could not be saved: {save.error.message} Everything you typed is still here.
        </p>
      )}
      <div className="flex flex-wrap gap-2">
        <button type="submit" formMethod="dialog" className="btn btn-primary" disabled={save.isPending}>
          {save.isPending && <span className="loading loading-spinner loading-xs" aria-hidden="true" />}
          Save draft
        </button>
        <button type="button" className="btn" onClick={afterSaving(setPreviewing)}>
          Preview
        </button>
        <button
          type="button"
          className="btn"
          disabled={test.isPending}
          onClick={afterSaving((result) =>
            test.mutate(result._id, {
              onSuccess: ({ to }) => toast(`A test copy is on its way to ${to}.`),
              onError: (error) => toast(`The test copy could not be sent: ${error.message}`, 'error'),
            }),
          )}
        >
          {test.isPending && <span className="loading loading-spinner loading-xs" aria-hidden="true" />}
          Send a test to me
        </button>
      </div>

      <fieldset className="space-y-3 rounded-lg border border-base-300 p-4">
        <legend className="px-1 text-sm font-semibold text-stone-800">Send</legend>
        <div className="flex flex-wrap items-end gap-2">
          <button type="button" className="btn btn-primary" onClick={() => askToSend(undefined)}>
            Send now
          </button>
          <span className="self-center px-1 text-sm text-stone-500">or</span>
          <TextField
            label="Send at"
            type="datetime-local"
            className="min-w-0"
            value={sendAt}
            error={sendAtError}
            onChange={(event) => {
              setSendAt(event.target.value);
              setSendAtError(undefined);
            }}
          />
          <button
            type="button"
            className="btn"
            onClick={() => {
              const at = instantOf(sendAt);
              if (!at || Date.parse(at) <= Date.now()) {
                setSendAtError(campaignMessages.past);
                return;
              }
              askToSend(at);
            }}
          >
            Schedule
          </button>
        </div>
      </fieldset>

      <CampaignPreview campaign={previewing} onClose={() => setPreviewing(undefined)} />
      <SendConfirmation
        request={confirming?.request}
        busy={send.isPending}
        error={send.error?.message}
        onClose={() => {
          send.reset();
          setConfirming(undefined);
        }}
        onConfirm={() => {
          if (!confirming) return;
          const { campaign: toSend, request } = confirming;
          send.mutate(
            { id: toSend._id, at: request.at },
            {
              onSuccess: (sent) => {
                setConfirming(undefined);
                toast(request.at ? `Scheduled for ${dateTime.format(new Date(request.at))}.` : `Sending to ${sent.recipients} subscribers.`);
              },
            },
          );
        }}
      />
    </form>
  );
}

/** A campaign that is scheduled, sending or sent: what it says and how it went; a scheduled one can go back to a draft. */
function CampaignSummary({ campaign, onClose }: { campaign: Campaign; onClose: () => void }) {
  const toast = useToast();
  const cancel = useCancelCampaign();
  const [previewing, setPreviewing] = useState(false);
  return (
    <section aria-label={campaign.subject} className="space-y-4 rounded-xl border border-base-300 bg-base-100 p-5 sm:p-6">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <h2 className="text-lg font-semibold text-stone-900 [overflow-wrap:anywhere]">{campaign.subject}</h2>
          <p className="mt-1 flex flex-wrap items-center gap-2 text-sm text-stone-600">
            <CampaignStateBadge campaign={campaign} />
            {campaign.state === 'scheduled' && campaign.scheduledAt && <span>Goes out {dateTime.format(new Date(campaign.scheduledAt))}</span>}
            {campaign.startedAt && <span>Started {dateTime.format(new Date(campaign.startedAt))}</span>}
          </p>
        </div>
        <button type="button" className="btn btn-ghost btn-sm" onClick={onClose}>
          Close
        </button>
      </div>
      <CampaignProgress campaign={campaign} />
      <CampaignFigures campaign={campaign} />
      {cancel.error && (
        <p role="alert" className="text-sm font-medium text-error">
          {cancel.error.message}
        </p>
      )}
      <div className="flex flex-wrap gap-2">
        <button type="button" className="btn" onClick={() => setPreviewing(true)}>
          Preview
        </button>
        {campaign.state === 'scheduled' && (
          <button
            type="button"
            className="btn"
            disabled={cancel.isPending}
            onClick={() => cancel.mutate(campaign._id, { onSuccess: () => toast('The schedule is cancelled: the campaign is a draft again.') })}
          >
            Cancel the schedule
          </button>
        )}
      </div>
      <CampaignPreview campaign={previewing ? campaign : undefined} onClose={() => setPreviewing(false)} />
    </section>
  );
}

/** The editor of one campaign (or a new one): a draft's form, or how a campaign that has gone went. */
export function CampaignEditor({ id, onClose }: { id: string | undefined; onClose: () => void }) {
  const [savedId, setSavedId] = useState(id);
  const campaign = useCampaign(savedId);
  if (savedId !== undefined && campaign.isPending) return <div className="skeleton h-96 w-full rounded-xl" aria-label="Loading the campaign" />;
  if (savedId !== undefined && campaign.isError) return <ErrorState title="We could not load the campaign" error={campaign.error} onRetry={() => void campaign.refetch()} />;
  if (campaign.data && campaign.data.state !== 'draft') return <CampaignSummary campaign={campaign.data} onClose={onClose} />;
  return <DraftForm campaign={campaign.data} onSaved={(saved) => setSavedId(saved._id)} onClose={onClose} />;
}
