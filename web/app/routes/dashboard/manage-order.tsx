import { DashboardPage } from '../../../features/dashboard/components/dashboard-page.tsx';

export default function ManageOrderPage() {
  return <DashboardPage title="Manage Orders" intro="Every order placed in the shop." />;
}
