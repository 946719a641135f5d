import { systemClock } from '../clock.ts';
import type { Database } from '../db/database.ts';
import { createAuditRepository } from '../modules/audit/audit-repository.ts';
import { createAuditTrail } from '../modules/audit/audit-trail.ts';
import { createCategoryRepository } from '../modules/categories/category-repository.ts';
import { createCategoryService } from '../modules/categories/category-service.ts';
import { createDiscountCodeRepository } from '../modules/discounts/discount-code-repository.ts';
import { createDiscountService } from '../modules/discounts/discount-service.ts';
import { createInvoiceRepository } from '../modules/invoices/invoice-repository.ts';
import { createOrderKeys } from '../modules/orders/order-keys.ts';
import type { OrderServiceParts } from '../modules/orders/order-service.ts';
import { createPricingService } from '../modules/pricing/pricing-service.ts';
import { createPricingSettingsRepository } from '../modules/pricing/pricing-settings-repository.ts';
import { createReturnRepository } from '../modules/returns/return-repository.ts';
import { toOrderReturn } from '../modules/returns/return-service.ts';
import { createShopPageRepository } from '../modules/shop-pages/shop-page-repository.ts';
import { createShopPageService } from '../modules/shop-pages/shop-page-service.ts';

/** What an orders service made by a test (with events of its own) uses of the rest of the shop, on the shop's database. */
export function orderServiceParts(db: Database): OrderServiceParts {
  const audit = createAuditTrail(createAuditRepository(db), systemClock);
  const discounts = createDiscountService(createDiscountCodeRepository(db), systemClock, createCategoryService(createCategoryRepository(db), audit.record), audit.record);
  const invoices = createInvoiceRepository(db);
  const returnRepository = createReturnRepository(db);
  const pricingSettings = createPricingSettingsRepository(db);
  return {
    pricing: createPricingService(pricingSettings, discounts),
    discounts,
    keys: createOrderKeys('a test secret that is long enough to sign with'),
    creditNotesOf: (orderId) => invoices.creditNoteNumbersOf(orderId),
    audit,
    // The order's returns as stored; what is left to send back is the returns service's, which these tests do not make.
    returnsOf: async (order) => ({ returns: (await returnRepository.ofOrder(order._id)).map(toOrderReturn) }),
    // Read from the database for each order, kept nowhere: a publish has no one to tell.
    terms: createShopPageService({
      pages: createShopPageRepository(db),
      returnWindowDays: () => pricingSettings.returnWindowDays(),
      audit: audit.record,
      clock: systemClock,
      changed: () => undefined,
    }),
  };
}
