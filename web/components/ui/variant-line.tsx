/**
 * Which variant a line is, under the product's name: "Width 10 mm · Handle Walnut". Nothing for a
 * product sold one way (its label is empty), so such a line reads as it always has.
 */
export function VariantLine({ label, className = '' }: { label: string | null | undefined; className?: string }) {
  if (!label) return null;
  return <p className={`text-sm text-stone-600 [overflow-wrap:anywhere] ${className}`}>{label}</p>;
}

/** A line's name for a screen reader or a message: the product's, with its variant when it has one. */
export const nameWithVariant = (name: string, label: string | null | undefined) => (label ? `${name} (${label})` : name);
