import { z } from 'zod';
import { pictureLimits, pictureMessages } from '../product-pictures.ts';
import { imageAddressPattern, productLimits, productMessages } from '../shop-management.ts';

/** One picture's address: the shop's own (an uploaded picture, a shipped image) or an https address. */
const pictureAddressSchema = z.string().trim().max(productLimits.img).regex(imageAddressPattern, productMessages.imgInvalid);

/** Every picture of a product, in order, the main one first; each once. */
export const productPicturesSchema = z
  .array(pictureAddressSchema)
  .min(1, pictureMessages.atLeastOne)
  .max(pictureLimits.perProduct, pictureMessages.tooMany)
  .refine((pictures) => new Set(pictures).size === pictures.length, pictureMessages.duplicate)
  .meta({ description: 'Every picture of the product in order; the first is the main picture and must equal img' });

/** With a list of pictures, `img` (the main picture) is its first. */
export const mainPictureFirst = (product: { img: string; pictures?: string[] | undefined }) => product.pictures === undefined || product.pictures[0] === product.img;
export const mainPictureFirstIssue = { message: pictureMessages.mainFirst, path: ['pictures'] };
