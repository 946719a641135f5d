import { PageShell } from '../../../components/ui/page-shell.tsx';

export default function ManageOrderPage() {
  return <PageShell eyebrow="Admin" title="Manage Orders" intro="Every order placed in the shop." />;
}
