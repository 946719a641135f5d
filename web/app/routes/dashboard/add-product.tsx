import { PageShell } from '../../../components/ui/page-shell.tsx';

export default function AddProductPage() {
  return <PageShell eyebrow="Admin" title="Add Product" intro="Add a tool to the catalogue." />;
}
