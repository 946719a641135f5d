import { PageShell } from '../../components/ui/page-shell.tsx';

export default function PortfolioPage() {
  return <PageShell eyebrow="Portfolio" title="The developer behind the shop" intro="Who built this shop, and what they work with." />;
}
