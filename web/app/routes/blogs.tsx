import { PageShell } from '../../components/ui/page-shell.tsx';

export default function BlogsPage() {
  return <PageShell eyebrow="Blogs" title="Questions and answers" intro="Notes from the team on the React techniques behind this shop." />;
}
