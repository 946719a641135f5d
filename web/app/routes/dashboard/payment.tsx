import { DashboardPage } from '../../../features/dashboard/components/dashboard-page.tsx';

export default function PaymentPage() {
  return <DashboardPage title="Payment" intro="Pay for your order by card." />;
}
