import { APP_ROUTES, centsToDollars, fillRoute, formatOrderNumber, formatUsd, preview } from '../../../shared';
import type { OutgoingMail } from '../outbox';
import { renderMail } from './layout';
import { mailLineName, taxRows, type OrderTaxForMail } from './order-mail';

/**
 * Mail to the shop's owner (the configured address, or every admin): what needs them. Everything a
 * customer typed is text in these, as in every mail (layout.ts escapes it).
 */

type PaidOrderForOwner = Omit<OrderTaxForMail, 'lines'> & {
  id: string;
  number: number;
  name: string;
  email: string;
  address: string;
  phone: string;
  totalCents: number;
  lines: Array<{ productName: string; sku: string | null; quantity: number } & OrderTaxForMail['lines'][number]>;
};

export function ownerPaidOrderMail(to: string, order: PaidOrderForOwner, storeUrl: string): OutgoingMail {
  const number = formatOrderNumber(order.number);
  return {
    to,
    subject: `New paid order ${number}: ${formatUsd(centsToDollars(order.totalCents))}`,
    ...renderMail({
      heading: `Order ${number} is paid and ready to ship`,
      paragraphs: [`${order.name} paid ${formatUsd(centsToDollars(order.totalCents))}.`],
      rows: [
        // The SKU beside the name: what the owner picks from the shelf by. The quantity goes with the
        // name ("Tool: 100 × True RMS …"): as a label of its own it read "100 ×: True RMS …".
        ...order.lines.map((line) => ({ label: 'Tool', value: `${line.quantity} × ${mailLineName(line)}` })),
        // What was paid and its tax: the owner books it, and a reverse charge says why there is no VAT.
        ...taxRows(order),
        { label: 'Buyer', value: `${order.name} <${order.email}>` },
        { label: 'Ship to', value: order.address },
        { label: 'Phone', value: order.phone },
      ],
      action: { label: 'Open the order', url: `${storeUrl}${fillRoute(APP_ROUTES.orderPage, order.id)}` },
    }),
  };
}

interface MessageForOwner {
  name: string;
  email: string;
  number: string;
  message: string;
}

/** How every new-message notice's subject starts (the contact repository counts them to stay quiet in a flood). */
export const OWNER_MESSAGE_SUBJECT_PREFIX = 'New message from ';

export function ownerNewMessageMail(to: string, query: MessageForOwner, storeUrl: string): OutgoingMail {
  return {
    to,
    subject: `${OWNER_MESSAGE_SUBJECT_PREFIX}${preview(query.name, 40, '…')}`,
    ...renderMail({
      heading: 'A new message from the Contact Us page',
      paragraphs: [query.message],
      rows: [
        { label: 'From', value: query.name },
        { label: 'Email', value: query.email },
        { label: 'Phone', value: query.number },
      ],
      action: { label: 'Open Messages', url: `${storeUrl}${APP_ROUTES.messages}` },
    }),
  };
}

export interface LowStockTool {
  name: string;
  availableQty: number;
  threshold: number;
}

export function ownerLowStockMail(to: string, tool: LowStockTool, storeUrl: string): OutgoingMail {
  const left = tool.availableQty === 0 ? 'is sold out' : `is down to ${tool.availableQty}`;
  return {
    to,
    subject: `Low stock: ${preview(tool.name, 60, '…')} ${left}`,
    ...renderMail({
      heading: `${tool.name} ${left}`,
      paragraphs: [`Its low-stock mark is ${tool.threshold}. Restock it in Manage Tools before it sells out.`],
      rows: [
        { label: 'Tool', value: tool.name },
        { label: 'In stock', value: String(tool.availableQty) },
        { label: 'Low-stock mark', value: String(tool.threshold) },
      ],
      action: { label: 'Open Manage Tools', url: `${storeUrl}${APP_ROUTES.manageTools}` },
    }),
  };
}
