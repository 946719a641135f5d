import { describe, expect, it } from 'vitest';
import { isAcceptableText } from './text-rule.ts';

describe('the text rule', () => {
  it('accepts any well-formed text, pairs of surrogates (emoji) included', () => {
    for (const text of ['', 'Bench Lane', 'Île-de-France', 'Workshop 🪚', '日本語', 'tab\tand\nnewline']) expect(isAcceptableText(text), text).toBe(true);
  });

  it('refuses a NUL anywhere, and half of a surrogate pair alone', () => {
    for (const text of ['\0', 'a\0b', 'end\0', '\uD800', 'x\uDC00', 'a\uD83Db', '\uDE9A\uD83E']) expect(isAcceptableText(text), JSON.stringify(text)).toBe(false);
  });
});
