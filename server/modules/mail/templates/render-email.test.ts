import mjml2html from 'mjml';
import { describe, expect, it } from 'vitest';
import { richTextToHtml, richTextToPlainText } from '../../../../common/rich-text.ts';
import { shopIdentity } from '../../../../common/shop-identity.ts';
import type { EmailContent } from './email-content.ts';
import { emailLayoutMjml } from './email-layout.ts';
import { emailSlots } from './email-slots.ts';
import { fillTemplate, parseTemplate } from './layout-template.ts';
import { renderEmail } from './render-email.ts';
import { sampleMessages } from './sample-messages.ts';

const publicUrl = 'https://shop.joinery.example';

describe('the shop’s e-mail layout', () => {
  it.each(Object.entries(sampleMessages(publicUrl)))('renders %s as HTML and plain text with the same words', async (_name, content) => {
    const { subject, html, text } = await renderEmail(content, publicUrl);
    expect(subject).toBe(content.subject);
    expect(html).toContain(`${publicUrl}/images/email-logo.png`);
    expect(html).toContain(shopIdentity.postalAddress[0]);
    expect(text).toContain(content.heading);
    expect(text).toContain(shopIdentity.postalAddress[0]);
    if (content.action) {
      expect(html).toContain(`href="${content.action.url}"`);
      expect(text).toContain(content.action.url);
    }
    if (content.order) {
      expect(text).toContain(content.order.caption ?? `Order ${content.order.reference}`);
      expect(text).toContain('$379.00');
    }
    // Readable on a phone: the layout scales down instead of overflowing.
    expect(html).toContain('name="viewport"');
  });

  it('shows what customers typed as text, never as markup', async () => {
    const { html } = await renderEmail(sampleMessages(publicUrl)['order-placed']!, publicUrl);
    expect(html).toContain('Bevel-edge chisel set &#60;6 pieces&#62;');
    expect(html).not.toContain('<6 pieces>');
  });

  it("names the carrier and the tracking number of a shipped order, and links to the carrier's tracking page", async () => {
    const { html, text } = await renderEmail(sampleMessages(publicUrl)['order-shipped']!, publicUrl);
    expect(text).toContain('UPS is carrying it, tracking number 1Z999AA10123456784.');
    expect(html).toContain('href="https://www.ups.com/track?tracknum=1Z999AA10123456784"');
    expect(text).toContain(`Your order at Joinery: ${publicUrl}/dashboard/myorders`);
  });

  it('names a carrier it has no tracking page for, and links to the order instead', async () => {
    const { html, text } = await renderEmail(sampleMessages(publicUrl)['order-shipped-by-other-carrier']!, publicUrl);
    expect(text).toContain('Parcelforce is carrying it.');
    expect(text).not.toContain('tracking number');
    expect(html).toContain(`href="${publicUrl}/dashboard/myorders"`);
  });

  it('links newsletter mail to a one-click unsubscribe', async () => {
    const content = sampleMessages(publicUrl)['newsletter-confirmation']!;
    const { html, text } = await renderEmail(content, publicUrl);
    expect(html).toContain(`href="${content.unsubscribeUrl}"`);
    expect(text).toContain(`Unsubscribe: ${content.unsubscribeUrl}`);
  });
});

/** What MJML makes of the message's own document: the layout's MJML filled with the message, then compiled, as before issue 30. */
async function mjmlOfMessage(content: EmailContent): Promise<string> {
  const document = fillTemplate(parseTemplate(emailLayoutMjml({ order: content.order !== undefined })), emailSlots(content, publicUrl));
  const { html, errors } = await mjml2html(document, { validationLevel: 'strict' });
  expect(errors).toEqual([]);
  return html;
}

const newsletterBody = '## New in the workshop\n\nSome **sharp** tools, and [our tips](https://shop.joinery.example/pages/about).\n\n- a chisel\n- a gauge\n\n### Opening hours';

/** A message with every optional part of the layout, to leave them out one by one. */
const everything: EmailContent = {
  subject: 'Everything at once',
  preview: 'Each part of the layout',
  heading: 'All the parts',
  paragraphs: ['The first paragraph.', 'The second one.'],
  richBody: { html: richTextToHtml(newsletterBody), text: richTextToPlainText(newsletterBody) },
  order: {
    reference: 'J-1042',
    lines: [
      { name: 'Bench chisel', quantity: 2, unitPrice: 189.5, total: 379 },
      { name: 'Marking gauge', quantity: 1, unitPrice: 42, total: 42 },
    ],
    sums: [{ label: 'Shipping', figure: '$12.00' }],
    total: 433,
  },
  action: { label: 'See my order', url: 'https://shop.joinery.example/dashboard/myorders' },
  footnote: 'A smaller word at the end.',
  unsubscribeUrl: 'https://shop.joinery.example/newsletter/unsubscribe?token=sample',
};
const optionalParts = ['richBody', 'order', 'action', 'footnote', 'unsubscribeUrl'] as const;
/** Every combination of the optional parts, present or left out, with no paragraph, one, or two. */
const shapes: Array<[string, EmailContent]> = Array.from({ length: 2 ** optionalParts.length }, (_, mask) => {
  const left = optionalParts.filter((_part, index) => (mask & (1 << index)) === 0);
  const content: EmailContent = { ...everything, paragraphs: everything.paragraphs.slice(0, mask % 3) };
  for (const part of left) delete content[part];
  return [`without ${left.join(', ') || 'nothing'}, ${content.paragraphs.length} paragraphs`, content];
});

describe('the layout compiled once and filled for each message', () => {
  it.each(Object.entries(sampleMessages(publicUrl)))('gives %s exactly the HTML MJML makes of it', async (_name, content) => {
    expect((await renderEmail(content, publicUrl)).html).toBe(await mjmlOfMessage(content));
  });

  it.each(shapes)('gives a message %s exactly the HTML MJML makes of it', async (_name, content) => {
    expect((await renderEmail(content, publicUrl)).html).toBe(await mjmlOfMessage(content));
  });

  it('escapes what a message says in every slot, as MJML’s own output of it does', async () => {
    const hostile = `<script>alert("x")</script> & 'quoted' {{title}}`;
    const url = `https://attacker.example/?q="><script>alert('x')</script>&a=1`;
    const content: EmailContent = {
      subject: hostile,
      preview: hostile,
      heading: hostile,
      paragraphs: [hostile, hostile],
      order: { reference: hostile, lines: [{ name: hostile, quantity: 1, unitPrice: 5, total: 5 }], sums: [{ label: hostile, figure: hostile }], total: 5 },
      action: { label: hostile, url },
      footnote: hostile,
      unsubscribeUrl: url,
    };
    const { html } = await renderEmail(content, publicUrl);
    expect(html).toBe(await mjmlOfMessage(content));
    expect(html).not.toContain('<script');
    expect(html).not.toContain(`"x"`);
    expect(html).not.toContain(`'quoted'`);
    expect(html).not.toContain(' & ');
    const escaped = '&#60;script&#62;alert(&#34;x&#34;)&#60;/script&#62; &#38; &#39;quoted&#39; {{title}}';
    // Title, the title read out (aria-label), preview, heading, two paragraphs, caption, line, sum label and figure, button, footnote.
    expect(html.split(escaped).length - 1).toBe(12);
    // A value is never read as a slot: the text {{title}} stays as it was typed.
    expect(html).toContain(`&#39;quoted&#39; {{title}}</title>`);
    expect(html).toContain(`href="https://attacker.example/?q=&#34;&#62;&#60;script&#62;alert(&#39;x&#39;)&#60;/script&#62;&#38;a=1"`);
  });

  it('styles a newsletter’s links and headings inline, in the layout’s colours', async () => {
    const { html } = await renderEmail(everything, publicUrl);
    expect(html).toContain('<h2 style="margin: 18px 0 6px; line-height: 1.3;">New in the workshop</h2>');
    expect(html).toContain('<h3 style="margin: 18px 0 6px; line-height: 1.3;">Opening hours</h3>');
    expect(html).toContain('<a href="https://shop.joinery.example/pages/about" style="color: #a14a08;">our tips</a>');
    expect(html).toContain('<strong>sharp</strong>');
  });

  it('leaves MJML out of each message: a thousand order confirmations take well under a second', async () => {
    const confirmation = sampleMessages(publicUrl)['order-placed']!;
    await renderEmail(confirmation, publicUrl);
    const started = performance.now();
    for (let index = 0; index < 1000; index += 1) {
      await renderEmail({ ...confirmation, paragraphs: [`Hello customer ${index},`, ...confirmation.paragraphs.slice(1)] }, publicUrl);
    }
    // MJML took about 6 ms for each of these; filling the compiled layout takes a few hundredths of that.
    expect(performance.now() - started).toBeLessThan(500);
  });
});
