import { CustomerWords } from '../../features/storefront/components/customer-words.tsx';
import { Hero } from '../../features/storefront/components/hero.tsx';
import { NewestTools } from '../../features/storefront/components/newest-tools.tsx';
import { ShopStats } from '../../features/storefront/components/shop-stats.tsx';
import { StayInTouch } from '../../features/storefront/components/stay-in-touch.tsx';
import { PageMeta } from '../../components/ui/page-meta.tsx';

export default function HomePage() {
  return (
    <>
      <PageMeta />
      <Hero />
      <NewestTools />
      <ShopStats />
      <CustomerWords />
      <StayInTouch />
    </>
  );
}
