import { Link } from 'react-router';
import { PageMeta } from '../../components/ui/page-meta.tsx';

export default function NotFoundPage() {
  return (
    <section className="mx-auto flex max-w-xl flex-col items-center px-4 py-24 text-center">
      <PageMeta title="Page not found" />
      <p className="font-display text-7xl font-semibold text-primary">404</p>
      <h1 className="font-display mt-4 text-3xl font-semibold text-stone-900">Page not found</h1>
      <p className="mt-3 text-stone-600">We looked in every drawer of the workshop, but there is no page at this address.</p>
      <Link to="/" className="btn btn-primary mt-8">
        Back to the home page
      </Link>
    </section>
  );
}
