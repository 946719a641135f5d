/**
 * Rules and messages for the admin's product form and the customer's review form, shared by the
 * browser and the server. No zod here, so that the forms stay light.
 */
export const productMessages = {
  nameRequired: 'Name is Required',
  priceRequired: 'Price is Required',
  priceInvalid: 'Price must be a positive amount in US dollars, with at most 2 decimals',
  imgRequired: 'Image is Required',
  imgInvalid: 'Image must be an https:// address or an uploaded picture',
  availRequired: 'Available quantity is Required',
  minRequired: 'Minimum order is Required',
  quantityWhole: 'Must be a whole number',
  minBelowAvail: 'Minimum order must be less than the available quantity',
  minAtLeastOne: 'Minimum order must be at least 1',
  descriptionRequired: 'Description is Required',
  categoryRequired: 'Category is Required',
  weightInvalid: 'Weight is a whole number of grams, 0 or more',
  dimensionInvalid: 'A size is a whole number of millimetres, 1 or more',
  added: 'Product Added',
  deleted: (name: string) => `${name} is deleted.`,
  updated: (name: string) => `${name} is updated.`,
} as const;

/** `search`: the longest catalogue search, in characters (the box stops there, and so does a search from a link). */
export const productLimits = {
  name: 120,
  description: 2000,
  img: 500,
  maxPrice: 999_999.99,
  maxQuantity: 1_000_000,
  search: 100,
  maxWeightGrams: 1_000_000,
  maxDimensionMm: 10_000,
} as const;

/** Uploaded product pictures: JPEG, PNG or WebP, told apart by their first bytes, up to 25 MB. */
export const imageUpload = {
  // A phone's photo as it takes it (12 to 48 megapixels, up to about 20 MB); the server resizes it.
  maxBytes: 25 * 1024 * 1024,
  types: ['image/jpeg', 'image/png', 'image/webp'] as const,
  tooLarge: 'The picture is larger than 25 MB. Please choose a smaller one.',
  notAnImage: 'That file is not a JPEG, PNG or WebP picture.',
} as const;

export const reviewMessages = {
  ratingsRequired: 'Ratings is Required',
  ratingsRange: 'Choose a rating from 1 to 5',
  reviewRequired: 'Review is Required',
  reviewTooLong: 'A review can be at most 1,000 characters',
  added: 'Review added',
} as const;

export const reviewLimits = { review: 1000 } as const;

/** A price typed in dollars: positive, at most two decimals. */
export const pricePattern = /^\d{1,6}(\.\d{1,2})?$/;

/** An image address the shop can show: its own path (not '//', which is another site), or https anywhere. */
export const imageAddressPattern = /^(\/(?!\/)[\w\-./]*|https:\/\/\S+)$/;

/** The admin overview's "low in stock": fewer than this many pieces above the minimum order. */
export const lowStockMargin = 20;
