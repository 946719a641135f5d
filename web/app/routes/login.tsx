import { PageShell } from '../../components/ui/page-shell.tsx';

export default function LoginPage() {
  return <PageShell eyebrow="Account" title="Log in" intro="Sign in with your e-mail and password, Google, Facebook or a code sent to your phone." />;
}
