import { useState } from 'react';
import type { Campaign } from '../../../../common/schemas/newsletter-campaigns.ts';
import { Modal } from '../../../components/ui/modal.tsx';
import { campaignPreviewUrl } from '../api/campaign-queries.ts';

/**
 * The e-mail as readers will get it, in a frame: the server renders it in the shop's e-mail layout,
 * product cards and unsubscribe link included, and serves it under a policy that lets it be framed
 * here and run nothing.
 */
export function CampaignPreview({ campaign, onClose }: { campaign: Campaign | undefined; onClose: () => void }) {
  const [width, setWidth] = useState<'wide' | 'phone'>('wide');
  return (
    <Modal open={campaign !== undefined} title={campaign ? `Preview: ${campaign.subject}` : 'Preview'} onClose={onClose} wide>
      {campaign && (
        <div className="space-y-3">
          <div className="flex flex-wrap items-center justify-between gap-2">
            <p className="text-sm text-stone-600">As it arrives, with a reader’s unsubscribe link.</p>
            <div className="join" role="group" aria-label="Preview width">
              <button type="button" className={`btn join-item btn-sm ${width === 'wide' ? 'btn-active' : ''}`} aria-pressed={width === 'wide'} onClick={() => setWidth('wide')}>
                Computer
              </button>
              <button type="button" className={`btn join-item btn-sm ${width === 'phone' ? 'btn-active' : ''}`} aria-pressed={width === 'phone'} onClick={() => setWidth('phone')}>
                Phone
              </button>
            </div>
          </div>
          <iframe
            title={`The e-mail “${campaign.subject}”`}
            src={campaignPreviewUrl(campaign._id, campaign.updatedAt)}
            // Nothing in the frame may run; links open apart (the page sets that). Of the shop's origin, so
            // that the product pictures, which the shop serves to itself only, show.
            sandbox="allow-same-origin allow-popups allow-popups-to-escape-sandbox"
            className={`mx-auto block h-[60vh] rounded-lg border border-base-300 bg-white ${width === 'phone' ? 'w-[360px] max-w-full' : 'w-full'}`}
          />
          <div className="flex justify-end">
            <button type="button" className="btn" onClick={onClose}>
              Close
            </button>
          </div>
        </div>
      )}
    </Modal>
  );
}
