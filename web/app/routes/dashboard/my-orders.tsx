import { DashboardPage } from '../../../features/dashboard/components/dashboard-page.tsx';

export default function MyOrdersPage() {
  return <DashboardPage title="My Orders" intro="Your orders, their payment and their shipping." />;
}
