import { PageShell } from '../../../components/ui/page-shell.tsx';

export default function AddReviewPage() {
  return <PageShell eyebrow="Dashboard" title="Add Review" intro="Tell other woodworkers how our tools served you." />;
}
