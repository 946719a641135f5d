import type { ShopPageSlug } from '../../../common/shop-pages.ts';

/**
 * The first version of each page the owner writes (ADR 044), published by migration 035 so that a new
 * shop has terms, a privacy notice, a returns policy, shipping information and an about page from its
 * first start. They are written for this shop (a small workshop in Portland, Oregon, selling to the
 * United States, Canada and Europe) in the shop's rich text; the owner reads them and publishes their own.
 * `{return window}` is filled in with the return window's setting wherever a page is read.
 */
export const firstShopPages: Record<ShopPageSlug, { title: string; body: string }> = {
  terms: {
    title: 'Terms of sale',
    body: `These terms apply to every order placed on this website with Joinery Tool Works, Unit 4, Millrace Yard, 118 Canal Street, Portland, OR 97209, United States ("we", "us"). By placing an order you accept the version of these terms shown here at that moment; we keep every version, and your order records which one you accepted.

## Our tools and prices
- Prices are in US dollars. Shipping, any discount and any sales tax or VAT are shown in your cart and at checkout before you pay.
- We make our tools by hand in small batches. Pictures show the tool as made; wood grain and colour vary from piece to piece.
- If we have made an obvious mistake in a price, we will tell you before we ship and you may cancel for a full refund.

## Placing and paying for an order
1. Your order is placed when you click **Place Order** or **Continue to payment** and we show you its number.
2. You pay by card. Until it is paid you may cancel it from [My Orders](/dashboard/myorders); an order left unpaid is cancelled after a while, and you are told by e-mail.
3. The contract between us is made when your payment succeeds. We send a receipt and, once paid, an invoice.

## Delivery
We send your order as described in our [shipping information](/pages/shipping). Delivery dates are estimates; if your order is lost or arrives damaged, tell us within 14 days and we will replace it or refund you.

## Returns and refunds
You may ask to return pieces within {return window} of delivery, as our [returns policy](/pages/returns) explains. If you live in the United Kingdom or the European Union you also have the legal right to cancel within 14 days of delivery without giving a reason. Refunds go back to the card you paid with.

## Our guarantee
Every tool is guaranteed against faults in materials and making for as long as you own it. Normal wear, sharpening and damage from misuse are not covered. This guarantee is in addition to your rights under the law, which it does not limit.

## Our liability
We are responsible for loss or damage that is a foreseeable result of our breaking these terms or of our negligence. Nothing in these terms limits liability that the law does not allow us to limit, including for death or personal injury caused by our negligence, or for fraud.

## Disputes
If something goes wrong, write to us first at [help@joinery.example](mailto:help@joinery.example) and we will do our best to put it right. These terms are governed by the laws of the State of Oregon, without taking away any protection the law of the country where you live gives you as a consumer.

## Changes to these terms
We may publish a new version of these terms. A new version applies to orders placed after it is published, never to an order already placed.`,
  },
  privacy: {
    title: 'Privacy notice',
    body: `This notice explains what personal information Joinery Tool Works collects, why, and what you can do about it. We are the controller of your information: Joinery Tool Works, Unit 4, Millrace Yard, 118 Canal Street, Portland, OR 97209, United States, [help@joinery.example](mailto:help@joinery.example).

## What we collect
- **Your account:** your name, e-mail address, password (stored only as a secure hash), and, if you add them, your phone number, education and location.
- **Your orders:** what you bought, the delivery address and phone number, how it was sent, and the payment's reference. Card numbers go straight to our card processor; we never see or keep them.
- **What you send us:** reviews, contact messages, and your newsletter subscription.
- **Signing in:** the devices and browsers you are signed in on and their addresses, so that you can see them and sign out of them.

## Why we use it
1. To take, deliver and support your orders, which is needed for our contract with you.
2. To keep accounts and payments safe, which is our legitimate interest and yours.
3. To send the newsletter, only when you have asked for it and confirmed your address. Every issue has a link to unsubscribe at once.
4. To keep invoices and tax records for as long as the law requires.

## Who we share it with
Only with those who help us run the shop: our card processor, the services that deliver our e-mail and text messages, Google or Facebook if you choose to sign in with them, and the carrier that brings your parcel. We do not sell your personal information or share it for advertising.

## Cookies
We use only the cookies the shop needs to work: one that keeps you signed in and one that protects forms from misuse. We use no advertising or tracking cookies, so there is nothing to accept or refuse.

## How long we keep it
Your account and its information for as long as you keep the account. Orders, invoices and credit notes for seven years, as tax law requires. Contact messages for two years.

## Your rights
Wherever you live, you may ask to see the information we hold about you, to have it corrected, to take a copy of it, or to have it deleted (except what the law requires us to keep). You may object to our use of it and withdraw any consent you gave. If you live in the UK or the European Union you may also complain to your data protection authority; if you live in California you have the rights the CCPA gives you, and we will never treat you differently for using them.

To use any of these rights, write to [help@joinery.example](mailto:help@joinery.example). We answer within one month.`,
  },
  returns: {
    title: 'Returns policy',
    body: `We want you to be happy with every tool you buy from us. If something is not right, you can send it back.

## How long you have
You may ask to return pieces of an order within **{return window}** of its delivery, for any reason. If you live in the United Kingdom or the European Union, you also have the legal right to cancel within 14 days of delivery without giving a reason.

## How to return something
1. Sign in and open the order from [My Orders](/dashboard/myorders).
2. Choose **Return items**, the pieces you are sending back and why.
3. We reply by e-mail within two working days with the address to send them to.
4. Pack the tools well, with their edge guards on, and keep the proof of postage.

## Refunds and exchanges
Once the parcel reaches us and we have checked it, we refund the pieces to the card you paid with, or send you another size or variant of the same tool if you asked for an exchange. Refunds usually show on your statement within 5 to 10 days.

- If a tool arrived damaged or is not as described, we pay the return postage and refund the shipping you paid.
- If you simply changed your mind, the return postage is yours to pay.
- Tools that have been used, sharpened or altered can be returned only if they are faulty.

## Faults after the return window
Every tool is guaranteed against faults in materials and making for as long as you own it, as our [terms of sale](/pages/terms) explain. Write to [help@joinery.example](mailto:help@joinery.example) with your order number and a photograph of the fault.`,
  },
  shipping: {
    title: 'Shipping information',
    body: `We pack and send every order from our workshop in Portland, Oregon.

## Where we ship
We ship across the United States, to Canada, and to the countries of Europe, the United Kingdom, Norway and Switzerland included. If your country is not offered at checkout, write to us and we will see what we can do.

## What it costs
The price of shipping depends on where your order goes and how much it weighs, and is shown in your cart and at checkout before you pay. Where standard shipping is free above an order total, checkout says so. When checkout offers **Collect from the workshop**, collecting costs nothing.

## How long it takes
- Orders paid by 1 pm Pacific time on a working day usually leave the workshop the same day, others the next working day.
- United States: 2 to 5 working days with Standard, 1 to 2 with Express.
- Canada: 5 to 10 working days.
- Europe and the United Kingdom: 7 to 14 working days.

When your order leaves us we send you an e-mail with the carrier and the tracking number.

## Duties and taxes outside the United States
Orders to Canada, the United Kingdom and Europe may be charged import VAT, duty or a handling fee by the carrier or customs on arrival. These are not included in our prices unless checkout says so, and are paid by the recipient.

## Lost or damaged parcels
If your parcel has not arrived within 10 working days of the estimate, or arrives damaged, write to [help@joinery.example](mailto:help@joinery.example) within 14 days and we will send a replacement or refund you.`,
  },
  about: {
    title: 'About us',
    body: `Joinery Tool Works has made hand tools for woodworkers for about 30 years, in a small workshop in Portland, Oregon.

## What we make
Chisels, planes, saws and marking tools: the tools a joiner reaches for every day. We harden and temper our own steel, fit handles of ash, maple and walnut, and sharpen and test every edge before it leaves the bench.

## How we work
- Small batches, made to order when stock runs out, so that nothing sits on a shelf for years.
- Every tool is guaranteed for as long as you own it.
- We answer every message ourselves, usually within a working day.

## Visit the workshop
Our workshop is at Unit 4, Millrace Yard, 118 Canal Street, Portland, OR 97209. When checkout offers **Collect from the workshop**, you can pick your order up from us at no charge; we e-mail you when it is ready.

## Get in touch
Questions about a tool, an order or a custom handle: write to [help@joinery.example](mailto:help@joinery.example). Browse [all our tools](/products).`,
  },
};

/** When these first versions were written: the date their pages show until the owner publishes another. */
export const firstShopPagesWrittenAt = '2026-11-27T00:00:00.000Z';
