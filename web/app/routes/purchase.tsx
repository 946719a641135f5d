import { PageShell } from '../../components/ui/page-shell.tsx';

export default function PurchasePage() {
  return <PageShell eyebrow="Order" title="Purchase" intro="The product in detail, and the form to order it." />;
}
