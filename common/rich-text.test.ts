import { describe, expect, it } from 'vitest';
import { parseRichText, productSlugsOf, richTextMessages, richTextProblems, richTextToHtml, richTextToPlainText } from './rich-text.ts';

const letter = `## Our new plane

The **No. 4** is back, [see it](/products/smoothing-plane) or write to [us](mailto:shop@joinery.example).

- Cast iron body
- Bedrock frog

1. Flatten the sole
2. Hone the iron

[[product:smoothing-plane]]

### Small print
Line one
line two`;

describe('the shop’s rich text', () => {
  it('reads headings, paragraphs, both kinds of list and product lines', () => {
    expect(parseRichText(letter).map((block) => block.kind)).toEqual(['heading', 'paragraph', 'list', 'list', 'product', 'heading', 'paragraph']);
    expect(parseRichText('- a\n1. b').map((block) => (block.kind === 'list' ? block.ordered : null))).toEqual([false, true]);
  });

  it('makes HTML with every typed character escaped and only safe links', () => {
    const html = richTextToHtml(letter, { product: (slug) => `<div class="card">${slug}</div>` });
    expect(html).toContain('<h2>Our new plane</h2>');
    expect(html).toContain('<p>The <strong>No. 4</strong> is back, <a href="/products/smoothing-plane">see it</a>');
    expect(html).toContain('<ul><li>Cast iron body</li><li>Bedrock frog</li></ul>');
    expect(html).toContain('<ol><li>Flatten the sole</li><li>Hone the iron</li></ol>');
    expect(html).toContain('<div class="card">smoothing-plane</div>');
    expect(html).toContain('<h3>Small print</h3>\n<p>Line one line two</p>');

    const hostile = richTextToHtml('<script>alert(1)</script> [click](javascript:alert(1)) [x](//evil.example) "quoted"');
    expect(hostile).not.toContain('<script');
    expect(hostile).not.toContain('href');
    expect(hostile).toContain('&#60;script&#62;');
    expect(hostile).toContain('&#34;quoted&#34;');
  });

  it('leaves out a product it is not given, and makes shop paths absolute when asked', () => {
    expect(richTextToHtml('[[product:gone]]\n\nText')).toBe('<p>Text</p>');
    expect(richTextToHtml('[terms](/pages/terms)', { address: (path) => `https://shop.example${path}` })).toBe('<p><a href="https://shop.example/pages/terms">terms</a></p>');
  });

  it('writes a plain text version for e-mail', () => {
    const text = richTextToPlainText(letter, { product: (slug) => `Smoothing plane, $120: /products/${slug}` });
    expect(text).toContain('Our new plane\n=============');
    expect(text).toContain('see it (/products/smoothing-plane)');
    expect(text).toContain('- Cast iron body\n- Bedrock frog');
    expect(text).toContain('1. Flatten the sole\n2. Hone the iron');
    expect(text).toContain('Smoothing plane, $120: /products/smoothing-plane');
  });

  it('names unsafe links and malformed product lines, once each', () => {
    expect(richTextProblems(letter)).toEqual([]);
    expect(richTextProblems('[a](javascript:x) [b](ftp://x)\n\n[[product:Not A Slug]]')).toEqual([richTextMessages.link, richTextMessages.product]);
  });

  it('lists the products a text names, each once', () => {
    expect(productSlugsOf('[[product:a]]\n\n[[product:b]]\n\n[[product:a]]')).toEqual(['a', 'b']);
  });
});
