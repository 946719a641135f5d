import { DashboardPage } from '../../../features/dashboard/components/dashboard-page.tsx';

export default function AddProductPage() {
  return <DashboardPage title="Add Product" intro="Add a tool to the catalogue." />;
}
