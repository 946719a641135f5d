/**
 * The shop's own product pictures, built into /assets under content-hashed names that browsers keep
 * for a year without asking again (ADR 022). A product's `img` keeps the stable address
 * /images/products/<name>.webp, which the server answers too; pages use the hashed files.
 */
const builtFiles = import.meta.glob<string>('../assets/product-pictures/*.webp', { eager: true, query: '?url', import: 'default' });

const fileByName = new Map(Object.entries(builtFiles).map(([source, url]) => [source.slice(source.lastIndexOf('/') + 1), url]));

const ownPicture = /^\/images\/products\/([a-z0-9-]+)\.webp$/;

/** The hashed 800 and 400 px files of one of the shop's own pictures; undefined for any other address. */
export function ownPictureFiles(src: string): { large: string; small: string } | undefined {
  const slug = ownPicture.exec(src)?.[1];
  if (!slug) return undefined;
  const large = fileByName.get(`${slug}.webp`);
  const small = fileByName.get(`${slug}-400.webp`);
  return large && small ? { large, small } : undefined;
}
