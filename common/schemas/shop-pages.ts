import { z } from 'zod';
import { productSlugsOf, richTextProblems } from '../rich-text.ts';
import { shopPageLimits, shopPageSlugs } from '../shop-pages.ts';

export const shopPageMessages = {
  titleRequired: 'Give the page a title',
  titleTooLong: `A title is at most ${shopPageLimits.title} characters`,
  bodyRequired: 'Write the page first',
  bodyTooLong: `A page is at most ${shopPageLimits.body.toLocaleString('en-US')} characters`,
  noProducts: 'A page cannot show a product card: link to the product instead, as [its name](/products/…)',
  unknownPage: 'The shop has no page at that address.',
} as const;

/** `/pages/{slug}`: one of the five pages. */
export const shopPageParamsSchema = z.object({
  slug: z.string().max(40),
});

/** `PUT /pages/{slug}`: the page as the owner publishes it; its text in the shop's rich text (common/rich-text.ts). */
export const shopPageInputSchema = z.object({
  title: z
    .string({ error: shopPageMessages.titleRequired })
    .trim()
    .min(1, shopPageMessages.titleRequired)
    .max(shopPageLimits.title, shopPageMessages.titleTooLong)
    .meta({ description: 'The page’s heading and the title of its browser tab' }),
  body: z
    .string({ error: shopPageMessages.bodyRequired })
    .trim()
    .min(1, shopPageMessages.bodyRequired)
    .max(shopPageLimits.body, shopPageMessages.bodyTooLong)
    .superRefine((body, context) => {
      for (const message of richTextProblems(body)) context.addIssue({ code: 'custom', message });
      if (productSlugsOf(body).length > 0) context.addIssue({ code: 'custom', message: shopPageMessages.noProducts });
    })
    .meta({
      description: 'Headings (## and ###), paragraphs, lists (- and 1.), **bold** and [links](https://…); `{return window}` is filled in with the return window',
    }),
});
export type ShopPageInput = z.infer<typeof shopPageInputSchema>;

const versionFields = {
  slug: z.enum(shopPageSlugs),
  title: z.string(),
  version: z.number().int().min(1).meta({ description: 'Goes up by one with each publish; every version is kept' }),
  publishedAt: z.string().meta({ description: 'When this version was published (ISO 8601, UTC)' }),
};

/** `GET /pages/{slug}`: the published version as readers get it, placeholders filled in. */
export const publishedShopPageSchema = z.object({
  ...versionFields,
  body: z.string().meta({ description: 'The text in the shop’s rich text, with `{return window}` filled in' }),
  description: z.string().meta({ description: 'The start of the text, for search results and link previews' }),
});
export type PublishedShopPage = z.infer<typeof publishedShopPageSchema>;

/** `GET /pages` and `PUT /pages/{slug}`: a page as its editor reads it, placeholders as typed. */
export const editableShopPageSchema = z.object({
  ...versionFields,
  body: z.string().meta({ description: 'The text as the owner typed it, placeholders included' }),
});
export type EditableShopPage = z.infer<typeof editableShopPageSchema>;

/** `GET /pages`: every page as its editor reads it, and what each placeholder reads as now (for the preview). */
export const shopPageEditorSchema = z.object({
  pages: z.array(editableShopPageSchema),
  placeholders: z.object({ returnWindow: z.string().meta({ description: 'What `{return window}` reads as now, such as "30 days"' }) }),
});
export type ShopPageEditor = z.infer<typeof shopPageEditorSchema>;

/** The version of the terms an order's customer accepted, as staff read it on the order. */
export const termsAcceptedSchema = z.object({
  version: z.number().int(),
  publishedAt: z.string(),
});
export type TermsAccepted = z.infer<typeof termsAcceptedSchema>;
