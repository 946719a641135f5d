/**
 * The one rule every string the shop takes obeys, in a body, a query or a path: no NUL character
 * (PostgreSQL cannot store one in text) and no lone half of a surrogate pair (not Unicode at all, which
 * no database or mail server can keep). Whatever a field's own rules, such a string is refused first.
 */
export const textMessages = {
  invalid: 'Text cannot hold a NUL character or a broken Unicode character',
} as const;

/** A NUL, a high surrogate not followed by a low one, or a low one not preceded by a high one (code units, no `u` flag). */
const brokenText = /\0|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export function isAcceptableText(text: string): boolean {
  return !brokenText.test(text);
}
