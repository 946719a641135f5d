import { ErrorState } from '../../../components/ui/query-states.tsx';
import { DashboardPage } from '../../../features/dashboard/components/dashboard-page.tsx';
import { useShippingZones, useShopSettings } from '../../../features/settings/api/settings-queries.ts';
import { SellerForm } from '../../../features/settings/components/seller-form.tsx';
import { ShippingZonesForm } from '../../../features/settings/components/shipping-zones-form.tsx';

function Zones() {
  const zones = useShippingZones();
  if (zones.isPending) return <div className="skeleton h-96 w-full rounded-xl" aria-label="Loading the shipping zones" />;
  if (zones.isError) return <ErrorState title="We could not load the shipping zones" error={zones.error} onRetry={() => void zones.refetch()} />;
  return <ShippingZonesForm zones={zones.data} />;
}

function Seller() {
  const settings = useShopSettings();
  if (settings.isPending) return <div className="skeleton h-80 w-full rounded-xl" aria-label="Loading the seller" />;
  if (settings.isError) return <ErrorState title="We could not load the seller" error={settings.error} onRetry={() => void settings.refetch()} />;
  return <SellerForm settings={settings.data} />;
}

export default function ShippingPage() {
  return (
    <DashboardPage
      title="Shipping"
      intro="Where you deliver and what it costs. Zones are tried in order: the first that names an address's state or region, else the one that covers its country."
    >
      <Zones />
      <Seller />
    </DashboardPage>
  );
}
