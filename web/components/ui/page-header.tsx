import type { ReactNode } from 'react';

/** The title block at the top of a page. */
export function PageHeader({ eyebrow, title, children }: { eyebrow?: string; title: string; children?: ReactNode }) {
  return (
    <header className="space-y-2">
      {eyebrow && <p className="text-xs font-semibold uppercase tracking-widest text-primary">{eyebrow}</p>}
      <h1 className="font-display text-3xl font-semibold tracking-tight text-stone-900 sm:text-4xl">{title}</h1>
      {children && <div className="max-w-2xl text-stone-600">{children}</div>}
    </header>
  );
}
