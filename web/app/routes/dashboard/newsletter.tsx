import { useState } from 'react';
import { DashboardPage } from '../../../features/dashboard/components/dashboard-page.tsx';
import { CampaignEditor } from '../../../features/newsletter/components/campaign-editor.tsx';
import { CampaignList } from '../../../features/newsletter/components/campaign-list.tsx';

/** The newsletter's campaigns (issue 29): write, preview, test and send to the confirmed subscribers, and follow the figures. */
export default function NewsletterPage() {
  // Each opening is an editor of its own: the form starts from the campaign opened.
  const [editing, setEditing] = useState<{ key: number; id: string | undefined }>();
  const open = (id: string | undefined) => {
    setEditing((current) => ({ key: (current?.key ?? 0) + 1, id }));
    // The editor is above the list a campaign is opened from.
    window.scrollTo({ top: 0 });
  };
  return (
    <DashboardPage title="Newsletter" intro="Write to the subscribers who confirmed the newsletter: preview it, send yourself a test, then send it now or at a set time.">
      {editing ? (
        <CampaignEditor key={editing.key} id={editing.id} onClose={() => setEditing(undefined)} />
      ) : (
        <button type="button" className="btn btn-primary" onClick={() => open(undefined)}>
          New campaign
        </button>
      )}
      <section aria-labelledby="campaigns-title" className="space-y-4">
        <h2 id="campaigns-title" className="text-lg font-semibold text-stone-900">
          Campaigns
        </h2>
        <CampaignList onOpen={open} />
      </section>
    </DashboardPage>
  );
}
