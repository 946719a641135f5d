import { useSearchParams } from 'react-router';
import { useUnsubscribeFromNewsletter } from '../../features/inbox/api/newsletter-links.ts';
import { IncompleteNewsletterLink, NewsletterLinkPage } from '../../features/inbox/components/newsletter-link-page.tsx';

/**
 * The unsubscribe link of newsletter e-mail. Opening it changes nothing (link checkers open links
 * too); the one button unsubscribes, as a mail program's own Unsubscribe button does.
 */
export default function NewsletterUnsubscribePage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const unsubscribe = useUnsubscribeFromNewsletter();

  if (!token) return <IncompleteNewsletterLink />;
  if (unsubscribe.isSuccess) {
    return (
      <NewsletterLinkPage title="You are unsubscribed">
        <p role="status">{unsubscribe.data.email} is off our list: no more newsletters will come to it.</p>
      </NewsletterLinkPage>
    );
  }
  return (
    <NewsletterLinkPage title="Unsubscribe from the newsletter">
      <p>One click, and this address gets no more newsletters from us.</p>
      <button type="button" className="btn btn-outline" disabled={unsubscribe.isPending} onClick={() => unsubscribe.mutate(token)}>
        {unsubscribe.isPending && <span className="loading loading-spinner loading-xs" aria-hidden="true" />}
        Unsubscribe
      </button>
      {unsubscribe.isError && (
        <p role="alert" className="text-sm font-medium text-error">
          {unsubscribe.error.message}
        </p>
      )}
    </NewsletterLinkPage>
  );
}
