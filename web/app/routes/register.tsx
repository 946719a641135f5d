import { PageShell } from '../../components/ui/page-shell.tsx';

export default function RegisterPage() {
  return <PageShell eyebrow="Account" title="Create your account" intro="An account lets you order tools, pay by card, follow your orders and review what you bought." />;
}
