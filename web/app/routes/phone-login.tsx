import { PageShell } from '../../components/ui/page-shell.tsx';

export default function PhoneLoginPage() {
  return <PageShell eyebrow="Account" title="Sign in with your phone" intro="We send a one-time code to your phone; enter it to sign in." />;
}
