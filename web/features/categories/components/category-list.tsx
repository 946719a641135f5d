import { useState } from 'react';
import { Link } from 'react-router';
import { categoryMessages, categoryPagePath } from '../../../../common/categories.ts';
import { countOf } from '../../../../common/plurals.ts';
import type { Category } from '../../../../common/schemas/categories.ts';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { useToast } from '../../../components/ui/toast.tsx';
import { useDeleteCategory, useUpdateCategory } from '../api/category-queries.ts';
import { CategoryForm } from './category-form.tsx';

/** The categories beside one (same parent), in their order. */
const besides = (categories: Category[], category: Category) => categories.filter((other) => other.parentSlug === category.parentSlug);

/**
 * The admin's categories in the catalogue's order (each top-level one followed by those under it):
 * each can be edited, moved up or down among those beside it, and deleted. A delete the server
 * refuses (tools are still in it) says why in its dialog.
 */
export function CategoryList({ categories }: { categories: Category[] }) {
  const toast = useToast();
  const [editing, setEditing] = useState<string | undefined>();
  const [deleting, setDeleting] = useState<Category | undefined>();
  const move = useUpdateCategory();
  const remove = useDeleteCategory();

  function moveBy(category: Category, step: -1 | 1) {
    const row = besides(categories, category);
    const position = row.indexOf(category) + step;
    move.mutate({ slug: category.slug, changes: { position } }, { onError: (error) => toast(error.message) });
  }

  function confirmDelete() {
    if (!deleting) return;
    remove.mutate(deleting.slug, {
      onSuccess: () => {
        toast(categoryMessages.deleted(deleting.name));
        setDeleting(undefined);
      },
    });
  }

  return (
    <>
      <ul aria-label="Categories" className="divide-y divide-base-300 rounded-xl border border-base-300 bg-base-100">
        {categories.map((category) => {
          const row = besides(categories, category);
          const place = row.indexOf(category);
          const child = category.parentSlug !== null;
          if (editing === category.slug) {
            return (
              <li key={category.slug} className="p-3">
                <CategoryForm categories={categories} editing={category} onDone={() => setEditing(undefined)} />
              </li>
            );
          }
          return (
            <li key={category.slug} aria-label={category.name} className={`flex flex-col gap-3 p-4 sm:flex-row sm:items-center ${child ? 'sm:pl-10' : ''}`}>
              <div className="min-w-0 flex-1">
                <p className="font-semibold text-stone-900">
                  {child && <span aria-hidden="true">↳ </span>}
                  <Link to={categoryPagePath(category.slug)} className="hover:underline">
                    {category.name}
                  </Link>
                </p>
                <p className="text-sm text-stone-600">
                  /{category.slug} · {countOf(category.productCount, 'tool')} shown
                </p>
                {category.description && <p className="mt-1 line-clamp-2 text-sm text-stone-600">{category.description}</p>}
              </div>
              <div className="flex flex-wrap gap-2">
                <button
                  type="button"
                  className="btn btn-sm btn-outline"
                  aria-label={`Move up: ${category.name}`}
                  disabled={place === 0 || move.isPending}
                  onClick={() => moveBy(category, -1)}
                >
                  Move up
                </button>
                <button
                  type="button"
                  className="btn btn-sm btn-outline"
                  aria-label={`Move down: ${category.name}`}
                  disabled={place === row.length - 1 || move.isPending}
                  onClick={() => moveBy(category, 1)}
                >
                  Move down
                </button>
                <button type="button" className="btn btn-sm btn-outline" aria-label={`Edit: ${category.name}`} onClick={() => setEditing(category.slug)}>
                  Edit
                </button>
                <button
                  type="button"
                  className="btn btn-sm btn-outline btn-error"
                  aria-label={`Delete: ${category.name}`}
                  onClick={() => {
                    remove.reset();
                    setDeleting(category);
                  }}
                >
                  Delete
                </button>
              </div>
            </li>
          );
        })}
      </ul>
      <ConfirmDialog
        open={deleting !== undefined}
        title={`Delete ${deleting?.name ?? 'this category'}?`}
        confirmLabel="Delete"
        tone="danger"
        busy={remove.isPending}
        error={remove.error?.message}
        onConfirm={confirmDelete}
        onClose={() => setDeleting(undefined)}
      >
        A category can be deleted only while no tool and no other category is in it.
      </ConfirmDialog>
    </>
  );
}
