import { createPortal } from 'react-dom';
import { formatUsd } from '../../../../common/money.ts';
import { type Receipt, receiptSums } from '../../../../common/receipt.ts';

/**
 * The receipt as the browser prints it, from the same model as the PDF (ADR 014). It is put beside
 * the app, straight in <body>, hidden on screen; the print stylesheet shows it alone, without the
 * site's header, menu, footer or buttons.
 */
export function PrintableReceipt({ receipt }: { receipt: Receipt }) {
  return createPortal(
    <article data-print="receipt" aria-label={`Receipt for order ${receipt.orderNumber}`} className="hidden bg-white text-[11pt] leading-snug text-stone-900 print:block">
      <header className="flex items-start justify-between gap-8 border-b-2 border-stone-900 pb-5">
        <div>
          <p className="font-display text-2xl font-semibold">{receipt.shop.name}</p>
          <address className="mt-1 text-[9.5pt] not-italic text-stone-600">
            {receipt.shop.postalAddress.map((line) => (
              <span key={line} className="block">
                {line}
              </span>
            ))}
            <span className="block">{receipt.shop.supportEmail}</span>
          </address>
        </div>
        <div className="text-right">
          <h1 className="text-2xl font-bold tracking-wide text-primary">RECEIPT</h1>
          <p className="mt-1 font-semibold">Order {receipt.orderNumber}</p>
          <p className="text-[9.5pt] text-stone-600">Paid {receipt.date}</p>
        </div>
      </header>

      <section className="mt-6">
        <h2 className="text-[8.5pt] font-bold uppercase tracking-wider text-stone-600">Billed to</h2>
        <p className="mt-1 font-semibold">{receipt.billedTo.name}</p>
        <p>{receipt.billedTo.email}</p>
        <p>{receipt.billedTo.phone}</p>
        <p className="max-w-[60%] [overflow-wrap:anywhere]">{receipt.billedTo.adress}</p>
      </section>

      <table className="mt-7 w-full border-collapse">
        <thead>
          <tr className="border-b border-stone-300 text-left text-[8.5pt] uppercase tracking-wider text-stone-600">
            <th scope="col" className="py-2 font-bold">
              Item
            </th>
            <th scope="col" className="py-2 pl-4 text-right font-bold whitespace-nowrap">
              Qty
            </th>
            <th scope="col" className="py-2 pl-4 text-right font-bold whitespace-nowrap">
              Unit price
            </th>
            <th scope="col" className="py-2 pl-4 text-right font-bold whitespace-nowrap">
              Amount
            </th>
          </tr>
        </thead>
        <tbody>
          {receipt.lines.map((line) => (
            <tr key={`${line.description}-${line.unitPrice}`} className="border-b border-stone-300 align-top">
              <td className="py-2 pr-4">{line.description}</td>
              <td className="py-2 pl-4 text-right whitespace-nowrap">{line.quantity}</td>
              <td className="py-2 pl-4 text-right whitespace-nowrap">{formatUsd(line.unitPrice)}</td>
              <td className="py-2 pl-4 text-right whitespace-nowrap">{formatUsd(line.amount)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <dl className="ml-auto mt-3 w-1/2 space-y-1">
        {receiptSums(receipt).map((sum) => (
          <div
            key={sum.label}
            className={`flex justify-between ${sum.emphasis === 'total' ? 'border-t border-stone-300 pt-1 text-[12pt] font-bold' : sum.emphasis === 'net' ? 'font-bold' : 'text-stone-600'}`}
          >
            <dt>{sum.label}</dt>
            <dd>{sum.figure}</dd>
          </div>
        ))}
      </dl>

      <section className="mt-7">
        <h2 className="text-[8.5pt] font-bold uppercase tracking-wider text-stone-600">Payment</h2>
        {receipt.payment.card && <p className="mt-1">{receipt.payment.card}</p>}
        <p className="[overflow-wrap:anywhere]">Reference {receipt.payment.reference}</p>
      </section>

      <p className="mt-8 border-t border-stone-300 pt-3 text-[9pt] text-stone-600">
        Thank you for your order. Questions about it? Write to {receipt.shop.supportEmail} and quote {receipt.orderNumber}.
      </p>
    </article>,
    document.body,
  );
}
