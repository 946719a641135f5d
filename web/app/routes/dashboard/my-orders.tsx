import { PageShell } from '../../../components/ui/page-shell.tsx';

export default function MyOrdersPage() {
  return <PageShell eyebrow="Dashboard" title="My Orders" intro="Your orders, their payment and their shipping." />;
}
