import { isSoldOut } from '../../../common/ordering.ts';
import { productPageDescription, productPagePath, productPageTitle, type RatingSummary } from '../../../common/product-page.ts';
import { documentTitle } from '../../../common/page-titles.ts';
import type { ProductWithPictures } from '../../../common/schemas/products.ts';
import { maxRating, minRating } from '../../../common/catalogue.ts';
import { shopIdentity } from '../../../common/shop-identity.ts';
import type { PageHead } from './app-shell.ts';
import { escapeHtml } from '../../../common/escape-html.ts';
import { jsonForScript } from './html-text.ts';

/**
 * Tags written for one address carry it in `data-page-head`, so that the web app can drop them when
 * it shows another page without loading a new document.
 */
export const headTag = (path: string, tag: string, attributes: Record<string, string>) =>
  `<${tag} ${Object.entries(attributes)
    .map(([name, value]) => `${name}="${escapeHtml(value)}"`)
    .join(' ')} data-page-head="${escapeHtml(path)}" />`;

const availability = (stock: { minQuantity: number; availQuantity: number }) => (isSoldOut(stock) ? 'https://schema.org/OutOfStock' : 'https://schema.org/InStock');

/** One offer: the product sold one way, at its price. */
function offer(product: ProductWithPictures, url: string) {
  return {
    '@type': 'Offer',
    url,
    price: product.price.toFixed(2),
    priceCurrency: 'USD',
    availability: availability(product),
    itemCondition: 'https://schema.org/NewCondition',
    // The smallest order the shop takes.
    eligibleQuantity: { '@type': 'QuantitativeValue', minValue: product.minQuantity },
    seller: { '@type': 'Organization', name: shopIdentity.name },
  };
}

/** A product sold several ways: its price range, and an offer per variant with its SKU, price and stock. */
function variantOffers(product: ProductWithPictures, url: string) {
  return {
    '@type': 'AggregateOffer',
    lowPrice: product.price.toFixed(2),
    highPrice: product.priceMax.toFixed(2),
    priceCurrency: 'USD',
    offerCount: product.variants.length,
    offers: product.variants.map((variant) => ({
      '@type': 'Offer',
      url: `${url}?variant=${encodeURIComponent(variant._id)}`,
      sku: variant.sku,
      name: Object.values(variant.options).join(' / '),
      price: variant.price.toFixed(2),
      priceCurrency: 'USD',
      availability: availability({ minQuantity: product.minQuantity, availQuantity: variant.availQuantity }),
      itemCondition: 'https://schema.org/NewCondition',
    })),
  };
}

/** The product's JSON-LD: schema.org's Product with its offers, and its rating when it has reviews. */
export function productStructuredData(product: ProductWithPictures, rating: RatingSummary, origin: string) {
  const url = new URL(productPagePath(product._id), origin).href;
  return {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: product.name,
    description: product.description,
    image: product.pictures.map((picture) => new URL(picture, origin).href),
    sku: product.variants[0]?.sku ?? product._id,
    url,
    brand: { '@type': 'Brand', name: shopIdentity.shortName },
    offers: product.options.length > 0 ? variantOffers(product, url) : offer(product, url),
    ...(rating.count > 0 && rating.average !== null
      ? {
          aggregateRating: {
            '@type': 'AggregateRating',
            ratingValue: rating.average,
            reviewCount: rating.count,
            bestRating: maxRating,
            worstRating: minRating,
          },
        }
      : {}),
  };
}

/** The head of a product's page: title, description, canonical address, Open Graph and JSON-LD, every value escaped. */
export function productPageHead(product: ProductWithPictures, rating: RatingSummary, origin: string): PageHead {
  const path = productPagePath(product._id);
  const url = new URL(path, origin).href;
  const description = productPageDescription(product.description);
  const title = documentTitle(productPageTitle(product.name));
  const meta = (property: string, content: string) => headTag(path, 'meta', { property, content });
  const tags = [
    headTag(path, 'link', { rel: 'canonical', href: url }),
    meta('og:type', 'product'),
    meta('og:site_name', shopIdentity.shortName),
    meta('og:title', product.name),
    meta('og:description', description),
    meta('og:url', url),
    meta('og:image', new URL(product.pictures[0] ?? product.img, origin).href),
    meta('og:image:alt', product.name),
    meta('product:price:amount', product.price.toFixed(2)),
    meta('product:price:currency', 'USD'),
    headTag(path, 'meta', { name: 'twitter:card', content: 'summary_large_image' }),
    `<script type="application/ld+json" data-page-head="${escapeHtml(path)}">${jsonForScript(productStructuredData(product, rating, origin))}</script>`,
  ];
  return { title, description, tags: tags.join('\n') };
}

/** The head of a product's or category's page that is not there: the app shows its not-found page, and no search engine keeps it. */
export function missingProductHead(path: string): PageHead {
  return { title: documentTitle('Page not found'), tags: headTag(path, 'meta', { name: 'robots', content: 'noindex' }) };
}
