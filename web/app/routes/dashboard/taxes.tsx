import { ErrorState } from '../../../components/ui/query-states.tsx';
import { DashboardPage } from '../../../features/dashboard/components/dashboard-page.tsx';
import { useTaxSettings } from '../../../features/settings/api/settings-queries.ts';
import { TaxSettingsForm } from '../../../features/settings/components/tax-settings-form.tsx';

export default function TaxesPage() {
  const settings = useTaxSettings();
  return (
    <DashboardPage title="Taxes" intro="Sales tax or VAT by place: a rate per US state, or per country. Each order line is taxed after its discount, rounded per line.">
      {settings.isPending ? (
        <div className="skeleton h-96 w-full rounded-xl" aria-label="Loading the taxes" />
      ) : settings.isError ? (
        <ErrorState title="We could not load the taxes" error={settings.error} onRetry={() => void settings.refetch()} />
      ) : (
        <TaxSettingsForm settings={settings.data} />
      )}
    </DashboardPage>
  );
}
