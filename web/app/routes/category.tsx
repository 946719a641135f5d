import { useParams } from 'react-router';
import { PageLoading } from '../../components/ui/page-loading.tsx';
import { PageShell } from '../../components/ui/page-shell.tsx';
import { ErrorState } from '../../components/ui/query-states.tsx';
import { useCategories } from '../../features/categories/api/category-queries.ts';
import { Catalogue } from '../../features/products/components/catalogue.tsx';
import NotFoundPage from './not-found.tsx';

/** A category's own page (`/categories/{slug}`): its name, its description and its tools; an address that names no category is the not-found page. */
export default function CategoryPage() {
  const { slug = '' } = useParams();
  const categories = useCategories();
  if (categories.isPending) return <PageLoading />;
  if (categories.isError) {
    return (
      <PageShell title="Category">
        <ErrorState title="We could not load this category." error={categories.error} onRetry={() => void categories.refetch()} />
      </PageShell>
    );
  }
  const category = categories.data.find((candidate) => candidate.slug === slug);
  if (!category) return <NotFoundPage />;
  return <Catalogue key={category.slug} inCategory={category} />;
}
