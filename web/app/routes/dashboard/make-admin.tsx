import { PageShell } from '../../../components/ui/page-shell.tsx';

export default function MakeAdminPage() {
  return <PageShell eyebrow="Admin" title="Make Admin" intro="The shop's users, and who among them are admins." />;
}
