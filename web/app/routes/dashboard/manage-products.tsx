import { DashboardPage } from '../../../features/dashboard/components/dashboard-page.tsx';

export default function ManageProductsPage() {
  return <DashboardPage title="Manage Products" intro="Every product in the catalogue." />;
}
