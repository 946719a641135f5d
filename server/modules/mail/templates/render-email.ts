import { formatUsd } from '../../../../common/money.ts';
import { shopIdentity } from '../../../../common/shop-identity.ts';
import type { EmailContent, OrderSummary } from './email-content.ts';
import { emailLayoutMjml } from './email-layout.ts';
import { emailSlots } from './email-slots.ts';
import { fillTemplate, parseTemplate, type Template } from './layout-template.ts';

/** The layout as MJML made it, in both its shapes: with an order table and without. */
interface CompiledLayout {
  withOrder: Template;
  withoutOrder: Template;
}

async function compile(): Promise<CompiledLayout> {
  // Loaded here, not at the top: MJML brings a large tree of modules, and the shop starts without
  // waiting for them (compileEmailLayout runs beside the start).
  const { default: mjml2html } = await import('mjml');
  const compileShape = async (order: boolean) => {
    const { html, errors } = await mjml2html(emailLayoutMjml({ order }), { validationLevel: 'strict' });
    if (errors.length > 0) throw new Error(`E-mail layout: ${errors.map((error) => error.formattedMessage).join('; ')}`);
    return parseTemplate(html);
  };
  return { withOrder: await compileShape(true), withoutOrder: await compileShape(false) };
}

let compiled: Promise<CompiledLayout> | undefined;

function compiledLayout(): Promise<CompiledLayout> {
  if (!compiled) {
    const compiling = compile();
    // A failed compilation is tried again by the next message rather than kept.
    compiling.catch(() => {
      if (compiled === compiling) compiled = undefined;
    });
    compiled = compiling;
  }
  return compiled;
}

/**
 * Runs MJML over the layout, once per process: called as the shop starts, so that no message (and no
 * request that renders one) waits for it; a message rendered before it ends waits for the same run.
 */
export async function compileEmailLayout(): Promise<void> {
  await compiledLayout();
}

function orderText(order: OrderSummary): string {
  const lines = order.lines.map((line) => `  ${line.name}: ${line.quantity} × ${formatUsd(line.unitPrice)} = ${formatUsd(line.total)}`);
  const sums = (order.sums ?? []).map((sum) => `  ${sum.label}: ${sum.figure}`);
  return [order.caption ?? `Order ${order.reference}`, ...lines, ...sums, `  Total: ${formatUsd(order.total)}`].join('\n');
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
  const layout = await compiledLayout();
  const html = fillTemplate(content.order ? layout.withOrder : layout.withoutOrder, emailSlots(content, publicUrl));
  return { subject: content.subject, html, text: textOf(content, publicUrl) };
}
