import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import type { Category } from '../../../../common/schemas/categories.ts';

/**
 * The catalogue's categories as a row of links, one chosen at a time ("All tools" for none): each is
 * an address of its own, so a category can be shared, opened in a new tab, and left with Back. The row
 * wraps on a wide screen and scrolls sideways on a narrow one, where its links would not fit. It shows
 * the top-level categories, and those under the chosen one (or beside it) in a second row.
 */
export function CategoryFilter({ categories, category, linkTo }: { categories: Category[]; category: string | undefined; linkTo: (category: string | undefined) => string }) {
  const chosen = categories.find((candidate) => candidate.slug === category);
  const family = chosen?.parentSlug ?? chosen?.slug;
  const children = family ? categories.filter((candidate) => candidate.parentSlug === family) : [];
  const top: Array<{ slug: string | undefined; name: string }> = [{ slug: undefined, name: 'All tools' }, ...categories.filter((candidate) => candidate.parentSlug === null)];
  return (
    <div className="space-y-2">
      <CategoryRow label="Categories" choices={top} chosen={chosen?.parentSlug ?? category} linkTo={linkTo} />
      {children.length > 0 && (
        <CategoryRow label={`Kinds of ${categories.find((candidate) => candidate.slug === family)?.name ?? ''}`} choices={children} chosen={category} linkTo={linkTo} />
      )}
    </div>
  );
}

function CategoryRow({
  label,
  choices,
  chosen,
  linkTo,
}: {
  label: string;
  choices: Array<{ slug: string | undefined; name: string }>;
  chosen: string | undefined;
  linkTo: (category: string | undefined) => string;
}) {
  const row = useRef<HTMLElement>(null);
  // Where the row scrolls, the chosen category is brought into it (a link or Back may choose one far along).
  useEffect(() => {
    const nav = row.current;
    const current = nav?.querySelector<HTMLElement>('[aria-current="true"]');
    if (!nav || !current || nav.scrollWidth <= nav.clientWidth) return;
    nav.scrollLeft = current.offsetLeft - (nav.clientWidth - current.offsetWidth) / 2;
  }, [chosen]);
  return (
    <nav ref={row} aria-label={label} className="relative -mx-4 overflow-x-auto px-4 pb-1 sm:mx-0 sm:overflow-visible sm:px-0 sm:pb-0">
      <ul className="flex w-max gap-2 sm:w-auto sm:flex-wrap">
        {choices.map((choice) => {
          const isChosen = choice.slug === chosen;
          return (
            <li key={choice.slug ?? ''}>
              <Link
                to={linkTo(choice.slug)}
                preventScrollReset
                aria-current={isChosen ? 'true' : undefined}
                className={`btn btn-sm rounded-full whitespace-nowrap font-medium ${isChosen ? 'btn-neutral' : 'btn-outline border-base-300 bg-base-100 text-stone-800 hover:border-stone-400 hover:bg-base-200'}`}
              >
                {choice.name}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
