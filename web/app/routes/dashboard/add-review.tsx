import { DashboardPage } from '../../../features/dashboard/components/dashboard-page.tsx';

export default function AddReviewPage() {
  return <DashboardPage title="Add Review" intro="Tell other woodworkers how our tools served you." />;
}
