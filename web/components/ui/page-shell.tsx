import type { ReactNode } from 'react';
import { PageHeader } from './page-header.tsx';
import { PageMeta } from './page-meta.tsx';

/** The width, spacing and title block shared by the shop's ordinary pages. */
export function PageShell({ eyebrow, title, intro, description, children }: { eyebrow?: string; title: string; intro?: ReactNode; description?: string; children?: ReactNode }) {
  return (
    <div className="mx-auto max-w-7xl space-y-10 px-4 py-12 sm:px-6 lg:px-8">
      <PageMeta title={title} description={description} />
      <PageHeader eyebrow={eyebrow} title={title}>
        {intro}
      </PageHeader>
      {children}
    </div>
  );
}
