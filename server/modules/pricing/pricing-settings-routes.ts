import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrorSchema } from '../../../common/schemas/errors.ts';
import { shippingZoneSchema, shippingZonesInputSchema } from '../../../common/schemas/shipping-zones.ts';
import { shopSettingsInputSchema, shopSettingsSchema } from '../../../common/schemas/shop-settings.ts';
import { taxSettingsInputSchema, taxSettingsSchema } from '../../../common/schemas/tax-settings.ts';
import { staffActorOf } from '../audit/staff-actor.ts';
import type { PricingSettingsService } from './pricing-settings-service.ts';

export interface PricingSettingsRouteOptions {
  settings: PricingSettingsService;
}

const refusals = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema };

/** The admin's tables of what the shop charges: shipping zones, tax, and the seller with collecting at the workshop (admins only). */
export const pricingSettingsRoutes: FastifyPluginAsyncZod<PricingSettingsRouteOptions> = async (app, { settings }) => {
  const tags = ['settings'];

  app.get(
    '/shipping-zones',
    {
      config: { access: 'admin', right: 'settings' },
      schema: { tags, summary: 'The shipping zones, in the order they are tried, with their rates', response: { 200: z.array(shippingZoneSchema), ...refusals } },
    },
    async () => settings.shippingZones(),
  );

  app.put(
    '/shipping-zones',
    {
      config: { access: 'admin', right: 'settings' },
      schema: {
        tags,
        summary: 'Replace the shipping zones and their rates; a zone or rate sent with its id keeps it',
        body: shippingZonesInputSchema,
        response: { 200: z.array(shippingZoneSchema), ...refusals },
      },
    },
    async (request) => settings.replaceShippingZones(request.body, staffActorOf(request)),
  );

  app.get(
    '/tax-settings',
    {
      config: { access: 'admin', right: 'settings' },
      schema: { tags, summary: 'Whether prices include tax, and the rate of each place that has one', response: { 200: taxSettingsSchema, ...refusals } },
    },
    async () => settings.taxSettings(),
  );

  app.put(
    '/tax-settings',
    {
      config: { access: 'admin', right: 'settings' },
      schema: {
        tags,
        summary: 'Replace the tax table (a rate per US state or per country, a percentage) and whether prices include tax',
        body: taxSettingsInputSchema,
        response: { 200: taxSettingsSchema, ...refusals },
      },
    },
    async (request) => settings.replaceTaxSettings(request.body, staffActorOf(request)),
  );

  app.get(
    '/shop-settings',
    {
      config: { access: 'admin', right: 'settings' },
      schema: { tags, summary: 'The seller invoices name, and whether customers may collect from the workshop', response: { 200: shopSettingsSchema, ...refusals } },
    },
    async () => settings.shopSettings(),
  );

  app.put(
    '/shop-settings',
    {
      config: { access: 'admin', right: 'settings' },
      schema: {
        tags,
        summary: 'Set the seller (name, address, tax number) and whether customers may collect from the workshop',
        body: shopSettingsInputSchema,
        response: { 200: shopSettingsSchema, ...refusals },
      },
    },
    async (request) => settings.replaceShopSettings(request.body, staffActorOf(request)),
  );
};
