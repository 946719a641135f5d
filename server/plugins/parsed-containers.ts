/**
 * Arrays and plain objects, as the JSON parser, the router and the query parser make them (the last
 * two give theirs a prototype of their own, itself without one); a raw body (a Buffer) or a stream is
 * not one. The hooks that walk what a request carries (its depth, its text) walk only these.
 */
export function isParsedContainer(value: unknown): value is Record<string, unknown> | unknown[] {
  if (typeof value !== 'object' || value === null) return false;
  if (Array.isArray(value)) return true;
  const prototype: unknown = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null || Object.getPrototypeOf(prototype) === null;
}
