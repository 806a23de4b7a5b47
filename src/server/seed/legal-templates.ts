import { COMPANY, type LegalPage } from '../../shared';

/**
 * The legal pages' starting texts (Markdown) for a new store. The page's name is its heading
 * already (web/features/legal), so the texts start with the notice and use ## for sections. They are templates: each says so at
 * its top, and the owner (with a lawyer) must review and adapt them before the store opens. The
 * owner replaces them in Settings; an order records the version of the terms it was placed under.
 */
const TEMPLATE_NOTICE =
  '> **Template: review before opening the store.** This text is a starting point written for a demo store, not legal advice. ' +
  'The owner must review it, with a lawyer, and adapt it to the business and to the law that applies to it, then replace this notice, before the store takes real orders.';

const terms = `${TEMPLATE_NOTICE}

These terms apply to every order placed in the online store of ${COMPANY.name} ("we", "us"). By placing an order you accept the version of these terms shown when you placed it.

## 1. Orders
- An order is placed when you press **Purchase** (or place the order from your cart). It is binding once it is paid.
- An unpaid order may be paid for within the time shown with it; after that it expires and nothing is owed.
- We may refuse an order, for example when a tool sold out meanwhile. If you paid for it, the money is refunded in full.

## 2. Prices and payment
- Prices are in US dollars and include delivery: shipping is free.
- Payment is by card, through our payment provider. We never see or keep your card number.
- Each paid order gets an invoice, which you can download from your orders.

## 3. Delivery
- We ship to the address given with the order, usually within a few working days of payment, and mail you when the order ships.
- The risk passes to you when the tools are delivered.

## 4. Returns and warranty
- See our [Returns and Refunds](/returns) page.

## 5. Liability
- We are liable as the law requires. Nothing in these terms limits rights that the law gives consumers.

## 6. Contact
${COMPANY.name}, ${COMPANY.address}. Email: ${COMPANY.email}. Phone: ${COMPANY.phone}.
`;

const privacy = `${TEMPLATE_NOTICE}

${COMPANY.name} runs this store and is responsible for the personal data it keeps.

## What we keep, and why
- **Your account:** your name, email address and password (stored only as a hash), to sign you in.
- **Your orders:** the delivery address and phone number, what you ordered and when, to deliver it and to keep the records the law requires (invoices).
- **Payments:** the payment provider's transaction id. Card details go to the provider only.
- **Messages** you send us through the contact form, to answer them.
- **Reviews** you post, shown with your name.

## Cookies
We use only the cookies the store needs to work (your sign-in session). We use no advertising or tracking cookies.

## Who else sees it
Our payment provider (to take payments), our mail provider (to send order mails) and the carrier (your delivery address). We sell no data.

## How long we keep it
Orders and invoices: as long as tax law requires. Your account: until you ask us to delete it.

## Your rights
You may ask to see, correct or delete your data, and complain to a data protection authority. Write to ${COMPANY.email}.
`;

const returns = `${TEMPLATE_NOTICE}

## Returning a tool
- You may return an unused tool within **30 days** of delivery for a full refund. Write to ${COMPANY.email} with your order number (for example TH-100042) first.
- Send the tool back in its original packaging. We pay for the return shipping.

## Refunds
- We refund the price to the card you paid with, within 14 days of receiving the tool.
- An order cancelled before it ships is refunded in full at once.

## Warranty
- Every tool carries our warranty against defects in materials and workmanship for **2 years** from delivery. A defective tool is repaired or replaced.
- The warranty does not cover wear, misuse or repairs by others.
`;

const imprint = `${TEMPLATE_NOTICE}

**${COMPANY.name}**

${COMPANY.address}

- Phone: ${COMPANY.phone}
- Email: ${COMPANY.email}

Represented by: *(the names of the company's managing directors)*

Registered at: *(the company register and number)*

Tax id: *(the company's VAT or tax number)*

Responsible for the content of this site: *(a name and address)*
`;

export const LEGAL_TEMPLATES: Record<LegalPage, string> = { terms, privacy, returns, imprint };

/** The line each template starts with, so a test (or an owner's checklist) can tell a template that was never replaced. */
export const LEGAL_TEMPLATE_NOTICE = TEMPLATE_NOTICE;
