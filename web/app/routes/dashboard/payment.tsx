import { PageShell } from '../../../components/ui/page-shell.tsx';

export default function PaymentPage() {
  return <PageShell eyebrow="Dashboard" title="Payment" intro="Pay for your order by card." />;
}
