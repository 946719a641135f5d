import type { ReactNode } from 'react';
import { PageHeader } from '../../../components/ui/page-header.tsx';
import { PageMeta } from '../../../components/ui/page-meta.tsx';

/** A page inside the dashboard: its title block, then its content. */
export function DashboardPage({ title, intro, children }: { title: string; intro?: ReactNode; children?: ReactNode }) {
  return (
    <div className="space-y-8">
      <PageMeta title={title} />
      <PageHeader eyebrow="Dashboard" title={title}>
        {intro}
      </PageHeader>
      {children}
    </div>
  );
}
