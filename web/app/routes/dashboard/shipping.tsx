import { ErrorState } from '../../../components/ui/query-states.tsx';
import { DashboardPage } from '../../../features/dashboard/components/dashboard-page.tsx';
import { useShippingZones, useShopSettings } from '../../../features/settings/api/settings-queries.ts';
import { useReturnSettings } from '../../../features/returns/api/return-queries.ts';
import { ReturnWindowForm } from '../../../features/returns/components/return-window-form.tsx';
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

function Returns() {
  const settings = useReturnSettings();
  if (settings.isPending) return <div className="skeleton h-48 w-full rounded-xl" aria-label="Loading the return window" />;
  if (settings.isError) return <ErrorState title="We could not load the return window" error={settings.error} onRetry={() => void settings.refetch()} />;
  return <ReturnWindowForm settings={settings.data} />;
}

export default function ShippingPage() {
  return (
    <DashboardPage
      title="Shipping"
      intro="Where you deliver and what it costs. Zones are tried in order: the first that names an address's state or region, else the one that covers its country."
    >
      <Zones />
      <Seller />
      <Returns />
    </DashboardPage>
  );
}
