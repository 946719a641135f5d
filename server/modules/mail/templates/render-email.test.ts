import { describe, expect, it } from 'vitest';
import { shopIdentity } from '../../../../common/shop-identity.ts';
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
