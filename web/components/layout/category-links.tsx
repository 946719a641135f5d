import { useEffect, useRef, useState } from 'react';
import { NavLink, useLocation } from 'react-router';
import { categoryPagePath } from '../../../common/categories.ts';
import { useCategories } from '../../features/categories/api/category-queries.ts';

/** The top-level categories, each a link to its page (none until the list has arrived). */
function useTopCategories() {
  const { data } = useCategories();
  return (data ?? []).filter((category) => category.parentSlug === null);
}

/**
 * The header's "Categories" on a wide screen: a button that opens a small list of the top-level
 * categories. Following a link, Escape or a click elsewhere closes it.
 */
export function CategoryMenu({ linkClass }: { linkClass: (state: { isActive: boolean }) => string }) {
  const { pathname } = useLocation();
  const [openOn, setOpenOn] = useState<string | null>(null);
  const open = openOn === pathname;
  const box = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const categories = useTopCategories();

  useEffect(() => {
    if (!open) return;
    const closeOnEscape = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpenOn(null);
      button.current?.focus();
    };
    const closeOutside = (event: MouseEvent) => {
      if (!box.current?.contains(event.target as Node)) setOpenOn(null);
    };
    document.addEventListener('keydown', closeOnEscape);
    document.addEventListener('click', closeOutside);
    return () => {
      document.removeEventListener('keydown', closeOnEscape);
      document.removeEventListener('click', closeOutside);
    };
  }, [open]);

  if (categories.length === 0) return null;
  return (
    <div ref={box} className="relative">
      <button
        ref={button}
        type="button"
        className={`${linkClass({ isActive: pathname.startsWith('/categories/') })} inline-flex items-center gap-1`}
        aria-expanded={open}
        aria-controls="category-menu"
        onClick={() => setOpenOn(open ? null : pathname)}
      >
        Categories
        <svg viewBox="0 0 20 20" className="h-4 w-4" fill="none" aria-hidden="true">
          <path d="M5.5 7.5 10 12l4.5-4.5" stroke="currentColor" strokeWidth="1.5" />
        </svg>
      </button>
      {open && (
        <ul id="category-menu" aria-label="Categories" className="absolute left-0 top-full z-50 mt-2 w-60 rounded-lg border border-stone-700 bg-stone-900 p-2 shadow-lg">
          {categories.map((category) => (
            <li key={category.slug}>
              <NavLink to={categoryPagePath(category.slug)} className={(state) => `${linkClass(state)} block`}>
                {category.name}
              </NavLink>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** The same categories in the phone menu: a short indented list under "Shop". */
export function PhoneCategoryLinks({ linkClass }: { linkClass: (state: { isActive: boolean }) => string }) {
  const categories = useTopCategories();
  if (categories.length === 0) return null;
  return (
    <ul aria-label="Categories" className="ml-4 flex flex-col border-l border-stone-800 pl-2">
      {categories.map((category) => (
        <li key={category.slug}>
          <NavLink to={categoryPagePath(category.slug)} className={linkClass}>
            {category.name}
          </NavLink>
        </li>
      ))}
    </ul>
  );
}
