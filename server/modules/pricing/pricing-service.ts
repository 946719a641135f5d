import type { SellableVariant } from '../../db/sellable-variants.ts';
import { checkoutMessages, placeName } from '../../../common/checkout-rules.ts';
import {
  type Destination,
  type DiscountRule,
  discountRefusal,
  freeShippingGap,
  goodsAfterDiscount,
  isEuCountry,
  normalisedVatNumber,
  pickupRateId,
  type PricedOrder,
  priceOrder,
  type PricingLine,
  reverseChargeApplies,
  type ShippingOption,
  shippingOptions,
  taxRateFor,
} from '../../../common/order-pricing.ts';
import { maxOrderTotalCents, orderMessages } from '../../../common/ordering.ts';
import { AppError, conflict } from '../../errors.ts';
import type { DiscountService } from '../discounts/discount-service.ts';
import { addressOneLine } from '../../../common/postal-addresses.ts';
import type { PricingSettingsRepository, Seller } from './pricing-settings-repository.ts';

/** A line to price: a product as the catalogue has it now, and how many. */
export interface ProductLine {
  productId: string;
  variantId: string;
  sku: string;
  /** How the variant reads ("Width 10 mm · Handle Walnut"); '' for a product sold one way. */
  variant: string;
  name: string;
  img: string;
  category: string;
  unitPriceCents: number;
  quantity: number;
  weightGrams: number;
}

/** A variant as a line to price takes it: the catalogue's price, weight and category now. */
export function productLineOf(item: SellableVariant, quantity: number): ProductLine {
  return {
    productId: item.productId,
    variantId: item.variantId,
    sku: item.sku,
    variant: item.label,
    name: item.name,
    img: item.img,
    category: item.category,
    unitPriceCents: item.priceCents,
    quantity,
    weightGrams: item.weightGrams,
  };
}

/** What the customer chose besides the lines: how it is sent, a code, and a business buyer's VAT number and company. */
export interface OrderChoices {
  shippingRate?: string | undefined;
  discountCode?: string | undefined;
  vatNumber?: string | undefined;
  company?: string | undefined;
}

export interface PricingRequest {
  lines: readonly ProductLine[];
  /** Where it goes; none yet at a cart with no address. */
  destination?: Destination | undefined;
  choices: OrderChoices;
  /** The buyer's e-mail address, when known: a code's uses per customer are counted by it. */
  customerEmail?: string | undefined;
  /** An address was given as free text, whose country the shop cannot tell (the specification's `adress`). */
  addressTyped?: boolean;
}

/** An order priced, with everything that priced it and what stands in the way of placing it. */
export interface Quote {
  priced: PricedOrder;
  /** The ways to get it, cheapest first. */
  options: ShippingOption[];
  /** The one chosen, or the cheapest when none was. */
  shipping: ShippingOption | undefined;
  shippingProblem?: string | undefined;
  discount?: { code: string; applied: boolean; problem?: string | undefined } | undefined;
  freeShipping?: { cents: number; rate: string } | undefined;
  /** The buyer's VAT number as invoices show it, and whether it was refused. */
  vatNumber?: string | undefined;
  vatProblem?: string | undefined;
  company?: string | undefined;
  seller: Seller;
}

const pricingLine = (line: ProductLine, index: number): PricingLine => ({
  key: String(index),
  productId: line.productId,
  category: line.category,
  unitPriceCents: line.unitPriceCents,
  quantity: line.quantity,
  weightGrams: line.weightGrams,
});

/**
 * Prices carts and orders (ADR 038) by the one money module (common/order-pricing.ts), with the
 * admin's shipping zones, tax table and settings and the code typed: the cart's quote, and the order
 * placed, which is priced exactly as its last quote was. `settings` is the shop's kept copy of the
 * tables (pricing-tables-cache.ts), read again only when an admin changed them.
 */
export function createPricingService(settings: Pick<PricingSettingsRepository, 'tables'>, discounts: Pick<DiscountService, 'lookUp'>) {
  async function quote({ lines, destination: given, choices, customerEmail, addressTyped = false }: PricingRequest): Promise<Quote> {
    const tables = await settings.tables();
    const { seller, pickup } = tables.settings;
    // An address typed as free text (the specification's `adress`) is taken to be in the shop's own
    // country, its region unknown: priced as such, and checked by the admin before the parcel goes.
    const destination = given ?? (addressTyped ? { country: seller.address.country } : undefined);
    const pricing = lines.map(pricingLine);

    let rule: DiscountRule | undefined;
    let discount: Quote['discount'];
    if (choices.discountCode) {
      const found = await discounts.lookUp(choices.discountCode, customerEmail);
      const refusal = 'rule' in found ? discountRefusal(found.rule, pricing) : undefined;
      const problem =
        'problem' in found
          ? found.problem
          : refusal === 'minimum'
            ? checkoutMessages.codeMinimum(found.rule.minSubtotalCents ?? 0)
            : refusal === 'not-for-these'
              ? checkoutMessages.codeNotForThese
              : undefined;
      if ('rule' in found && !problem) rule = found.rule;
      discount = { code: choices.discountCode, applied: rule !== undefined, problem };
    }

    const goodsCents = goodsAfterDiscount(pricing, rule);
    const weightGrams = pricing.reduce((sum, line) => sum + line.weightGrams * line.quantity, 0);
    const options = shippingOptions({ zones: tables.zones, pickup: { enabled: pickup.enabled, address: addressOneLine(seller.address) }, destination, weightGrams, goodsCents });
    // Collecting is a choice a customer makes; left to the shop, an order is delivered, the cheapest way.
    // Nothing to order, nothing to send.
    const chosen = choices.shippingRate ? options.find((option) => option.id === choices.shippingRate) : options.find((option) => option.kind === 'delivery');
    const shipping = pricing.length > 0 ? chosen : undefined;
    let shippingProblem: string | undefined;
    if (choices.shippingRate && !chosen) shippingProblem = checkoutMessages.rateUnavailable;
    else if (!chosen && destination) shippingProblem = checkoutMessages.noShippingRate(placeName(destination));

    // Collected at the workshop, the goods change hands there: its tax applies.
    const taxedAt = shipping?.id === pickupRateId ? seller.address : destination;
    let vatNumber: string | undefined;
    let vatProblem: string | undefined;
    if (choices.vatNumber && taxedAt && isEuCountry(taxedAt.country)) {
      vatNumber = normalisedVatNumber(taxedAt.country, choices.vatNumber);
      if (!vatNumber) vatProblem = checkoutMessages.vatNumberInvalid(taxedAt.country);
    } else if (choices.vatNumber) {
      vatNumber = choices.vatNumber;
    }
    const reverseCharge = reverseChargeApplies(seller.address.country, taxedAt, vatNumber);

    const priced = priceOrder({
      lines: pricing,
      discount: rule,
      shipping,
      pricesIncludeTax: tables.tax.pricesIncludeTax,
      taxRate: taxRateFor(tables.tax, taxedAt),
      reverseCharge,
    });
    return {
      priced,
      options,
      shipping,
      shippingProblem,
      discount,
      freeShipping: pricing.length > 0 ? freeShippingGap(options, goodsCents) : undefined,
      vatNumber,
      vatProblem,
      company: choices.company,
      seller,
    };
  }

  return {
    quote,

    /**
     * An order's figures, as its checkout places it: refused, before anything is written, when no
     * way of sending covers the address or the one chosen does not, when the code cannot be used, when
     * a VAT number is not one of its country, or when one payment could not cover the total.
     */
    async priceForOrder(request: PricingRequest): Promise<Quote & { shipping: ShippingOption }> {
      const quoted = await quote(request);
      if (quoted.vatProblem) throw new AppError(400, 'VALIDATION_FAILED', quoted.vatProblem);
      if (!quoted.shipping) {
        const chosenGone = request.choices.shippingRate !== undefined;
        throw conflict(quoted.shippingProblem ?? checkoutMessages.chooseRate, chosenGone ? 'SHIPPING_RATE_UNAVAILABLE' : 'NO_SHIPPING_RATE');
      }
      if (quoted.discount?.problem) throw conflict(quoted.discount.problem, 'DISCOUNT_CODE_REFUSED');
      if (quoted.priced.totalCents > maxOrderTotalCents) throw new AppError(400, 'VALIDATION_FAILED', orderMessages.tooExpensive);
      return { ...quoted, shipping: quoted.shipping };
    },
  };
}

export type PricingService = ReturnType<typeof createPricingService>;
