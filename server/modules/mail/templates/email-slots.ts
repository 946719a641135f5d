import { escapeHtml } from '../../../../common/escape-html.ts';
import { formatUsd } from '../../../../common/money.ts';
import type { EmailContent } from './email-content.ts';
import { styledRichBody } from './email-layout.ts';
import type { Slots } from './layout-template.ts';

/** An optional block of the layout: once with its slots, or left out. */
const optional = <T>(value: T | undefined, slots: (value: T) => Slots): Slots[] => (value === undefined ? [] : [slots(value)]);

/**
 * One message's parts for the slots of the layout (email-layout.ts), each escaped as it stands in
 * HTML: everything from the message is text but the rich body, which common/rich-text.ts made safe.
 */
export function emailSlots(content: EmailContent, publicUrl: string): Slots {
  return {
    title: escapeHtml(content.subject),
    preview: escapeHtml(content.preview),
    publicUrl: escapeHtml(publicUrl),
    publicHost: escapeHtml(new URL(publicUrl).host),
    heading: escapeHtml(content.heading),
    paragraph: content.paragraphs.map((paragraph) => ({ text: escapeHtml(paragraph) })),
    richBody: optional(content.richBody, (richBody) => ({ html: styledRichBody(richBody.html) })),
    ...(content.order && {
      orderCaption: escapeHtml(content.order.caption ?? `Order ${content.order.reference}`),
      line: content.order.lines.map((line) => ({
        name: escapeHtml(line.name),
        quantity: String(line.quantity),
        unitPrice: formatUsd(line.unitPrice),
        total: formatUsd(line.total),
      })),
      sum: (content.order.sums ?? []).map((sum) => ({ label: escapeHtml(sum.label), figure: escapeHtml(sum.figure) })),
      orderTotal: formatUsd(content.order.total),
    }),
    action: optional(content.action, (action) => ({ url: escapeHtml(action.url), label: escapeHtml(action.label) })),
    footnote: optional(content.footnote, (footnote) => ({ text: escapeHtml(footnote) })),
    unsubscribe: optional(content.unsubscribeUrl, (url) => ({ url: escapeHtml(url) })),
  };
}
