import { escapeHtml } from '../../../../common/escape-html.ts';
import { formatUsd } from '../../../../common/money.ts';
import { shopIdentity } from '../../../../common/shop-identity.ts';
import type { EmailContent, OrderSummary } from './email-content.ts';

const colours = { ink: '#1c1917', muted: '#57534e', paper: '#fffdf9', band: '#f6f1e9', rule: '#e7dfd2', primary: '#a14a08' };
const font = "'Inter', 'Helvetica Neue', Arial, sans-serif";

function orderTable(order: OrderSummary): string {
  const rows = order.lines
    .map(
      (line) => `<tr style="border-bottom:1px solid ${colours.rule}">
        <td style="padding:8px 0">${escapeHtml(line.name)}<br/><span style="color:${colours.muted};font-size:13px">${line.quantity} × ${formatUsd(line.unitPrice)}</span></td>
        <td style="padding:8px 0;text-align:right;white-space:nowrap">${formatUsd(line.total)}</td>
      </tr>`,
    )
    .join('');
  const sums = (order.sums ?? [])
    .map(
      (sum) =>
        `<tr><td style="padding:4px 0 0;color:${colours.muted};font-size:14px">${escapeHtml(sum.label)}</td><td style="padding:4px 0 0;text-align:right;color:${colours.muted};font-size:14px;white-space:nowrap">${escapeHtml(sum.figure)}</td></tr>`,
    )
    .join('');
  return `<mj-section background-color="${colours.band}" padding="16px 24px" border-radius="8px">
    <mj-column>
      <mj-text font-size="13px" color="${colours.muted}" padding="0 0 8px">${escapeHtml(order.caption ?? `Order ${order.reference}`)}</mj-text>
      <mj-table font-size="15px" color="${colours.ink}" padding="0">
        ${rows}
        ${sums}
        <tr><td style="padding:10px 0 0;font-weight:600">Total</td><td style="padding:10px 0 0;text-align:right;font-weight:600">${formatUsd(order.total)}</td></tr>
      </mj-table>
    </mj-column>
  </mj-section>`;
}

function orderText(order: OrderSummary): string {
  const lines = order.lines.map((line) => `  ${line.name}: ${line.quantity} × ${formatUsd(line.unitPrice)} = ${formatUsd(line.total)}`);
  const sums = (order.sums ?? []).map((sum) => `  ${sum.label}: ${sum.figure}`);
  return [order.caption ?? `Order ${order.reference}`, ...lines, ...sums, `  Total: ${formatUsd(order.total)}`].join('\n');
}

function mjmlOf(content: EmailContent, publicUrl: string): string {
  const paragraphs = content.paragraphs.map((paragraph) => `<mj-text>${escapeHtml(paragraph)}</mj-text>`).join('');
  const action = content.action
    ? `<mj-button href="${escapeHtml(content.action.url)}" background-color="${colours.primary}" color="#fffbf5" font-weight="600" border-radius="6px" inner-padding="12px 22px" padding="14px 0 8px" align="left">${escapeHtml(content.action.label)}</mj-button>
       <mj-text font-size="12px" color="${colours.muted}">Or paste this address into your browser: ${escapeHtml(content.action.url)}</mj-text>`
    : '';
  const footnote = content.footnote ? `<mj-text font-size="13px" color="${colours.muted}">${escapeHtml(content.footnote)}</mj-text>` : '';
  const unsubscribe = content.unsubscribeUrl ? `<br/><a href="${escapeHtml(content.unsubscribeUrl)}" style="color:${colours.muted}">Unsubscribe</a>` : '';
  return `<mjml>
  <mj-head>
    <mj-title>${escapeHtml(content.subject)}</mj-title>
    <mj-preview>${escapeHtml(content.preview)}</mj-preview>
    ${content.richBody ? `<mj-style inline="inline">.rich-body a { color: ${colours.primary}; } .rich-body h2, .rich-body h3 { margin: 18px 0 6px; line-height: 1.3; }</mj-style>` : ''}
    <mj-attributes>
      <mj-all font-family="${font}" />
      <mj-text font-size="16px" line-height="1.55" color="${colours.ink}" padding="6px 0" />
      <mj-section padding="0 24px" />
    </mj-attributes>
  </mj-head>
  <mj-body background-color="${colours.band}" width="600px">
    <mj-section padding="24px 24px 12px">
      <mj-column>
        <mj-text font-size="22px" font-weight="700" padding="0">
          <img src="${escapeHtml(publicUrl)}/images/email-logo.png" alt="" width="40" height="40" style="vertical-align:middle;margin-right:10px;border:0" /><span style="vertical-align:middle">${escapeHtml(shopIdentity.shortName)}</span>
        </mj-text>
      </mj-column>
    </mj-section>
    <mj-wrapper background-color="${colours.paper}" padding="28px 24px" border-radius="10px" border="1px solid ${colours.rule}">
      <mj-section padding="0">
        <mj-column>
          <mj-text font-size="24px" font-weight="700" line-height="1.3" padding="0 0 10px">${escapeHtml(content.heading)}</mj-text>
          ${paragraphs}
          ${content.richBody ? `<mj-text css-class="rich-body">${content.richBody.html}</mj-text>` : ''}
        </mj-column>
      </mj-section>
      ${content.order ? orderTable(content.order) : ''}
      <mj-section padding="8px 0 0">
        <mj-column>
          ${action}
          ${footnote}
        </mj-column>
      </mj-section>
    </mj-wrapper>
    <mj-section padding="20px 24px 32px">
      <mj-column>
        <mj-text font-size="12px" line-height="1.6" color="${colours.muted}" align="center">
          ${escapeHtml(shopIdentity.name)} · ${shopIdentity.postalAddress.map(escapeHtml).join(' · ')}<br/>
          <a href="${escapeHtml(publicUrl)}" style="color:${colours.muted}">${escapeHtml(new URL(publicUrl).host)}</a> · ${escapeHtml(shopIdentity.supportEmail)}${unsubscribe}
        </mj-text>
      </mj-column>
    </mj-section>
  </mj-body>
</mjml>`;
}

function textOf(content: EmailContent, publicUrl: string): string {
  return [
    content.heading,
    ...content.paragraphs,
    ...(content.richBody ? [content.richBody.text] : []),
    ...(content.order ? [orderText(content.order)] : []),
    ...(content.action ? [`${content.action.label}: ${content.action.url}`] : []),
    ...(content.footnote ? [content.footnote] : []),
    ['--', shopIdentity.name, ...shopIdentity.postalAddress, publicUrl, ...(content.unsubscribeUrl ? [`Unsubscribe: ${content.unsubscribeUrl}`] : [])].join('\n'),
  ].join('\n\n');
}

/** The message in the shop's layout: HTML that reads on a phone, and the same words as plain text. */
export async function renderEmail(content: EmailContent, publicUrl: string): Promise<{ subject: string; html: string; text: string }> {
  // Loaded on the first message, not at start: MJML brings a large tree of modules a shop that sends
  // no mail never needs.
  const { default: mjml2html } = await import('mjml');
  const { html, errors } = await mjml2html(mjmlOf(content, publicUrl), { validationLevel: 'strict' });
  if (errors.length > 0) throw new Error(`E-mail layout: ${errors.map((error) => error.formattedMessage).join('; ')}`);
  return { subject: content.subject, html, text: textOf(content, publicUrl) };
}
