import { PageShell } from '../../../components/ui/page-shell.tsx';

export default function MyProfilePage() {
  return <PageShell eyebrow="Dashboard" title="My Profile" intro="Your name, education, location and phone number." />;
}
