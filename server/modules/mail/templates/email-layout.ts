import { escapeHtml } from '../../../../common/escape-html.ts';
import { shopIdentity } from '../../../../common/shop-identity.ts';

/**
 * The shop's one e-mail layout, in MJML, with a slot for every part of a message (see
 * layout-template.ts). Compiled once per process by render-email.ts; a message only fills it.
 *
 * A block between two MJML components is marked inside `<mj-raw>`, which MJML writes out as it is,
 * with nothing around it, so a message's rows are cut and repeated in the compiled HTML exactly as MJML
 * would have laid them out. The order table is a section of its own, and MJML joins the Outlook-only
 * comments of neighbouring sections, which a mark between them would keep apart: it is a shape of the
 * layout instead, compiled with and without it.
 */

const colours = { ink: '#1c1917', muted: '#57534e', paper: '#fffdf9', band: '#f6f1e9', rule: '#e7dfd2', primary: '#a14a08' };
const font = "'Inter', 'Helvetica Neue', Arial, sans-serif";

const orderSection = `<mj-section background-color="${colours.band}" padding="16px 24px" border-radius="8px">
    <mj-column>
      <mj-text font-size="13px" color="${colours.muted}" padding="0 0 8px">{{orderCaption}}</mj-text>
      <mj-table font-size="15px" color="${colours.ink}" padding="0">
        {{#line}}<tr style="border-bottom:1px solid ${colours.rule}">
        <td style="padding:8px 0">{{name}}<br/><span style="color:${colours.muted};font-size:13px">{{quantity}} × {{unitPrice}}</span></td>
        <td style="padding:8px 0;text-align:right;white-space:nowrap">{{total}}</td>
      </tr>{{/line}}
        {{#sum}}<tr><td style="padding:4px 0 0;color:${colours.muted};font-size:14px">{{label}}</td><td style="padding:4px 0 0;text-align:right;color:${colours.muted};font-size:14px;white-space:nowrap">{{figure}}</td></tr>{{/sum}}
        <tr><td style="padding:10px 0 0;font-weight:600">Total</td><td style="padding:10px 0 0;text-align:right;font-weight:600">{{orderTotal}}</td></tr>
      </mj-table>
    </mj-column>
  </mj-section>`;

/** The layout's MJML, with or without the order table. */
export function emailLayoutMjml(shape: { order: boolean }): string {
  return `<mjml>
  <mj-head>
    <mj-title>{{title}}</mj-title>
    <mj-preview>{{preview}}</mj-preview>
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
          <img src="{{publicUrl}}/images/email-logo.png" alt="" width="40" height="40" style="vertical-align:middle;margin-right:10px;border:0" /><span style="vertical-align:middle">${escapeHtml(shopIdentity.shortName)}</span>
        </mj-text>
      </mj-column>
    </mj-section>
    <mj-wrapper background-color="${colours.paper}" padding="28px 24px" border-radius="10px" border="1px solid ${colours.rule}">
      <mj-section padding="0">
        <mj-column>
          <mj-text font-size="24px" font-weight="700" line-height="1.3" padding="0 0 10px">{{heading}}</mj-text>
          <mj-raw>{{#paragraph}}</mj-raw><mj-text>{{text}}</mj-text><mj-raw>{{/paragraph}}</mj-raw>
          <mj-raw>{{#richBody}}</mj-raw><mj-text css-class="rich-body">{{html}}</mj-text><mj-raw>{{/richBody}}</mj-raw>
        </mj-column>
      </mj-section>
      ${shape.order ? orderSection : ''}
      <mj-section padding="8px 0 0">
        <mj-column>
          <mj-raw>{{#action}}</mj-raw><mj-button href="{{url}}" background-color="${colours.primary}" color="#fffbf5" font-weight="600" border-radius="6px" inner-padding="12px 22px" padding="14px 0 8px" align="left">{{label}}</mj-button>
          <mj-text font-size="12px" color="${colours.muted}">Or paste this address into your browser: {{url}}</mj-text><mj-raw>{{/action}}</mj-raw>
          <mj-raw>{{#footnote}}</mj-raw><mj-text font-size="13px" color="${colours.muted}">{{text}}</mj-text><mj-raw>{{/footnote}}</mj-raw>
        </mj-column>
      </mj-section>
    </mj-wrapper>
    <mj-section padding="20px 24px 32px">
      <mj-column>
        <mj-text font-size="12px" line-height="1.6" color="${colours.muted}" align="center">
          ${escapeHtml(shopIdentity.name)} · ${shopIdentity.postalAddress.map(escapeHtml).join(' · ')}<br/>
          <a href="{{publicUrl}}" style="color:${colours.muted}">{{publicHost}}</a> · ${escapeHtml(shopIdentity.supportEmail)}{{#unsubscribe}}<br/><a href="{{url}}" style="color:${colours.muted}">Unsubscribe</a>{{/unsubscribe}}
        </mj-text>
      </mj-column>
    </mj-section>
  </mj-body>
</mjml>`;
}

/**
 * A rich body (a newsletter's text) in the layout's colours, styled inline, the one styling every
 * mail program keeps. Its HTML is made by common/rich-text.ts, where a link is exactly `<a href="…">`
 * (a product card's links bring their own colours) and a heading `<h2>` or `<h3>`, and every `<` starts
 * one of its tags (text is escaped): its tags are found by their text, with no HTML parser per message.
 */
export function styledRichBody(html: string): string {
  return html.replace(/<a( href="[^"<>]*")>/g, `<a$1 style="color: ${colours.primary};">`).replace(/<h([23])>/g, '<h$1 style="margin: 18px 0 6px; line-height: 1.3;">');
}
