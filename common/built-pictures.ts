/**
 * Where the build writes which hashed file in /assets each of the shop's own product pictures became
 * (in the web root): written by the build (scripts/product-pictures-manifest.ts), read by the server
 * to answer the pictures' stable addresses (ADR 022).
 */
export const productPicturesManifest = 'product-pictures.json';
