import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { productCategories, type ProductCategory } from '../../../../common/categories.ts';

/**
 * The catalogue's categories as a row of links, one chosen at a time ("All tools" for none): each is
 * an address of its own, so a category can be shared, opened in a new tab, and left with Back. The row
 * wraps on a wide screen and scrolls sideways on a narrow one, where its ten links would not fit.
 */
export function CategoryFilter({ category, linkTo }: { category: ProductCategory | undefined; linkTo: (category: ProductCategory | undefined) => string }) {
  const choices: Array<{ slug: ProductCategory | undefined; label: string }> = [{ slug: undefined, label: 'All tools' }, ...productCategories];
  const row = useRef<HTMLElement>(null);
  // Where the row scrolls, the chosen category is brought into it (a link or Back may choose one far along).
  useEffect(() => {
    const nav = row.current;
    const chosen = nav?.querySelector<HTMLElement>('[aria-current="true"]');
    if (!nav || !chosen || nav.scrollWidth <= nav.clientWidth) return;
    nav.scrollLeft = chosen.offsetLeft - (nav.clientWidth - chosen.offsetWidth) / 2;
  }, [category]);
  return (
    <nav ref={row} aria-label="Categories" className="relative -mx-4 overflow-x-auto px-4 pb-1 sm:mx-0 sm:overflow-visible sm:px-0 sm:pb-0">
      <ul className="flex w-max gap-2 sm:w-auto sm:flex-wrap">
        {choices.map((choice) => {
          const chosen = choice.slug === category;
          return (
            <li key={choice.label}>
              <Link
                to={linkTo(choice.slug)}
                preventScrollReset
                aria-current={chosen ? 'true' : undefined}
                className={`btn btn-sm rounded-full whitespace-nowrap font-medium ${chosen ? 'btn-neutral' : 'btn-outline border-base-300 bg-base-100 text-stone-800 hover:border-stone-400 hover:bg-base-200'}`}
              >
                {choice.label}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
