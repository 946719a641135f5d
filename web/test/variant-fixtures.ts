import { type ProductDetail, productDetailSchema, productSchema, type Product } from '../../common/schemas/products.ts';
import { markingGauge } from './fixtures.ts';

// Products as `GET /api/products/{id}` answers them, checked against the wire schema: one sold one
// way, and one in widths and woods.

/** The marking gauge with its pictures and its one variant, which has the product's id. */
export const markingGaugeDetail: ProductDetail = productDetailSchema.parse({
  ...markingGauge,
  pictures: [markingGauge.img],
  variants: [
    {
      _id: markingGauge._id,
      sku: 'GAUGE',
      options: {},
      price: markingGauge.price,
      availQuantity: markingGauge.availQuantity,
      weightGrams: markingGauge.weightGrams,
      img: markingGauge.img,
      lowStockAt: null,
    },
  ],
  rating: { count: 0, average: null },
});

const ash = '/images/products/bench-chisel.webp';
const walnut = '/images/products/bench-chisel-walnut.webp';
const widths = ['6 mm', '10 mm', '12 mm', '20 mm'];

/** Four widths, two handles; 6 mm Ash sold out (stock 0), 20 mm Walnut not made; walnut handles dearer and pictured. */
const chiselVariants = widths.flatMap((width, at) =>
  (['Ash', 'Walnut'] as const)
    .filter((handle) => !(width === '20 mm' && handle === 'Walnut'))
    .map((handle) => ({
      _id: `v-${width.replace(' mm', '')}-${handle.toLowerCase()}`,
      sku: `JNR-BC-${width.replace(' mm', '').padStart(2, '0')}-${handle.slice(0, 3).toUpperCase()}`,
      options: { Width: width, Handle: handle },
      price: 42 + at * 2 + (handle === 'Walnut' ? 6 : 0),
      availQuantity: width === '6 mm' && handle === 'Ash' ? 0 : 10 + at,
      weightGrams: 230 + at * 10,
      img: handle === 'Walnut' ? walnut : ash,
      lowStockAt: null,
    })),
);

export const benchChisel: ProductDetail = productDetailSchema.parse({
  _id: 'p-chisel',
  name: 'Joinery Bench Chisel',
  img: ash,
  description: 'A bevel-edge bench chisel in four widths, with an ash or walnut handle.',
  price: 42,
  priceMax: 54,
  minQuantity: 1,
  availQuantity: chiselVariants.reduce((sum, variant) => sum + variant.availQuantity, 0),
  category: 'chisels',
  weightGrams: 260,
  options: [
    { name: 'Width', values: widths },
    { name: 'Handle', values: ['Ash', 'Walnut'] },
  ],
  hidden: false,
  pictures: [ash, walnut],
  variants: chiselVariants,
  rating: { count: 0, average: null },
});

/** The chisel as the catalogue lists it: "from $42.00". */
export const benchChiselCard: Product = productSchema.parse(benchChisel);

export const chiselVariant = (width: string, handle: string) => benchChisel.variants.find((variant) => variant.options.Width === width && variant.options.Handle === handle)!;
