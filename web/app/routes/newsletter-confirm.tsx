import { Link, useSearchParams } from 'react-router';
import { useNewsletterConfirmation } from '../../features/inbox/api/newsletter-links.ts';
import { IncompleteNewsletterLink, NewsletterLinkPage } from '../../features/inbox/components/newsletter-link-page.tsx';

/** The confirmation e-mail's link (double opt-in): opening it puts the address on the list. */
export default function NewsletterConfirmPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const confirmation = useNewsletterConfirmation(token);

  if (!token) return <IncompleteNewsletterLink />;
  if (confirmation.isPending) {
    return (
      <NewsletterLinkPage title="Confirming your subscription…">
        <span className="loading loading-spinner loading-md text-primary" aria-label="Confirming" />
      </NewsletterLinkPage>
    );
  }
  if (confirmation.isError) {
    return (
      <NewsletterLinkPage title="We could not confirm your subscription">
        <p role="alert">{confirmation.error.message}</p>
      </NewsletterLinkPage>
    );
  }
  return (
    <NewsletterLinkPage title="You are subscribed">
      <p role="status">Thank you! {confirmation.data.email} will get our newsletter: new tools, workshop notes and the odd sharpening tip, about once a month.</p>
      <p className="text-sm text-stone-600">
        Changed your mind?{' '}
        <Link to={`/newsletter/unsubscribe?token=${encodeURIComponent(token)}`} className="link">
          Unsubscribe
        </Link>
      </p>
    </NewsletterLinkPage>
  );
}
