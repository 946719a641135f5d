import { DashboardPage } from '../../../features/dashboard/components/dashboard-page.tsx';
import { DiscountCodeForm } from '../../../features/settings/components/discount-code-form.tsx';
import { DiscountCodeList } from '../../../features/settings/components/discount-code-list.tsx';

export default function DiscountCodesPage() {
  return (
    <DashboardPage title="Discount codes" intro="Codes that take a percentage, an amount or the shipping off an order, with the conditions they hold to.">
      <DiscountCodeForm />
      <section aria-labelledby="discount-codes-title" className="space-y-4">
        <h2 id="discount-codes-title" className="text-lg font-semibold text-stone-900">
          Codes
        </h2>
        <DiscountCodeList />
      </section>
    </DashboardPage>
  );
}
