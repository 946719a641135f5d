/**
 * A product's pictures: the first is its main picture (the one `img` names, shown in the catalogue);
 * the rest follow in the order the admin chose. No zod here, so that the admin's form stays light.
 */
export const pictureLimits = { perProduct: 8 } as const;

export const pictureMessages = {
  atLeastOne: 'Add at least one picture',
  tooMany: `A product can have at most ${pictureLimits.perProduct} pictures`,
  duplicate: 'Each picture can be added only once',
  mainFirst: 'The main picture (Image) must be the first of the pictures',
} as const;

/** The pictures a product shows: its own list when it has one, otherwise its one image. */
export function picturesOrMain(pictures: readonly string[], img: string): string[] {
  return pictures.length > 0 ? [...pictures] : [img];
}
