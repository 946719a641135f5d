import { PageShell } from '../../../components/ui/page-shell.tsx';

export default function ManageProductsPage() {
  return <PageShell eyebrow="Admin" title="Manage Products" intro="Every product in the catalogue." />;
}
