import { Link } from 'react-router';
import { accountDeletionTerms } from '../../../common/schemas/customer-data.ts';
import { PageMeta } from '../../components/ui/page-meta.tsx';

/** Where a person lands once their account is deleted (ADR 046): signed out, told what went and what stays. */
export default function AccountDeletedPage() {
  return (
    <section className="mx-auto flex max-w-xl flex-col items-center px-4 py-20 text-center">
      <PageMeta title="Your account is deleted" />
      <span className="flex h-14 w-14 items-center justify-center rounded-full bg-success/15 text-success" aria-hidden="true">
        <svg viewBox="0 0 24 24" className="h-7 w-7" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round">
          <path d="M5 12.5l4.5 4.5L19 7.5" />
        </svg>
      </span>
      <h1 className="font-display mt-5 text-3xl font-semibold text-stone-900">Your account is deleted</h1>
      <p role="status" className="mt-3 text-stone-600">
        You are signed out everywhere, and your personal data has been erased: your profile, addresses, reviews, subscriptions and your name and address on your orders.
      </p>
      <p className="mt-3 text-sm text-stone-600">
        <span className="font-medium text-stone-900">We keep: </span>
        {accountDeletionTerms.kept}
      </p>
      <p className="mt-3 text-sm text-stone-600">Thank you for shopping with us. You are welcome to register again at any time.</p>
      <Link to="/" className="btn btn-primary mt-8">
        Back to the home page
      </Link>
    </section>
  );
}
