import { ErrorState } from '../../../components/ui/query-states.tsx';
import { useCategories } from '../../../features/categories/api/category-queries.ts';
import { CategoryForm } from '../../../features/categories/components/category-form.tsx';
import { CategoryList } from '../../../features/categories/components/category-list.tsx';
import { DashboardPage } from '../../../features/dashboard/components/dashboard-page.tsx';

/** Manage Categories (admins): add, rename, describe, reorder and delete the catalogue's categories. */
export default function ManageCategoriesPage() {
  const categories = useCategories();
  return (
    <DashboardPage title="Manage Categories" intro="The categories of the catalogue, in the order the shop shows them. A category goes at the top or under a top-level one.">
      {categories.isPending ? (
        <div className="skeleton h-64 w-full rounded-xl" aria-label="Loading the categories" />
      ) : categories.isError ? (
        <ErrorState title="We could not load the categories" error={categories.error} onRetry={() => void categories.refetch()} />
      ) : (
        <>
          <CategoryForm categories={categories.data} />
          <section aria-labelledby="categories-title" className="space-y-4">
            <h2 id="categories-title" className="text-lg font-semibold text-stone-900">
              Categories
            </h2>
            <CategoryList categories={categories.data} />
          </section>
        </>
      )}
    </DashboardPage>
  );
}
