import { Catalogue } from '../../features/products/components/catalogue.tsx';

/** The whole catalogue (`/products`), narrowed by the address's category, search and prices. */
export default function ProductsPage() {
  return <Catalogue />;
}
