import { and, count, eq, inArray, isNull } from 'drizzle-orm';
import { isUuid, quantityRefusal, rateFor, reverseChargeApplies, reverseChargeOrder, taxOrder, type LineInput, type TaxClass } from '../../shared';
import type { Identity } from '../identity/identity';
import type { AppTransaction } from '../db/client';
import { cartLines, orderLines, orders, tools, users } from '../db/schema';
import { DomainError } from '../lib/domain-errors';
import { currentTermsVersion } from '../legal/legal-texts-repository';
import { readSettingsAndRates } from '../settings/settings-repository';
import { checkDestination } from '../tax/tax-rates-repository';
import { validEuVatNumberOf } from '../tax/vat-numbers';
import { recordOrderEvent } from './order-events';
import { followPlacedOrder } from './order-follow-ups';
import type { OrderWithLines } from './orders-repository';

export interface OrderToPlace {
  lines: LineInput[];
  address: string;
  phone: string;
  /** The destination's ISO 3166-1 country; none: the seller's (the spec's payload names none). */
  country?: string | undefined;
  /** Its ISO 3166-2 region, if given. */
  region?: string | null | undefined;
  /**
   * `purchase`: the spec's Purchase button (POST /api/order), one tool, its errors worded as before.
   * `cart`: the cart's checkout (POST /api/orders): errors name the tool and the line, and the
   * ordered tools leave the cart in the same transaction.
   */
  source: 'purchase' | 'cart';
}

/**
 * Serialises one customer's order placements, across connections and app processes, until the
 * transaction ends: the count of their unpaid orders and the insert that follows cannot interleave
 * with another placement of theirs. A row lock on their user row (which the placement may update)
 * rather than an advisory lock: no hash collisions, same SQL on PGlite. `NO KEY UPDATE` does not
 * block the foreign-key checks of sessions being created for the same user. Answers the delivery
 * details and the tax id on their profile, read under the lock.
 */
async function lockBuyer(tx: AppTransaction, userId: string) {
  const [buyer] = await tx.select({ address: users.address, phone: users.phone, taxId: users.taxId }).from(users).where(eq(users.id, userId)).for('no key update');
  return buyer ?? null;
}

/**
 * Their unpaid orders, counted by a statement of its own after the lock: on PostgreSQL a statement
 * that waited for a row lock sees the locked row as it is now but everything else as it was when
 * the statement began, so a count in the locking statement missed the orders the placement it
 * waited for had just committed (issue 26: 19 of 40 simultaneous orders placed under a cap of 10,
 * orders/buying-races.test.ts). A new statement sees them.
 */
async function countUnpaidOrders(tx: AppTransaction, userId: string): Promise<number> {
  const [row] = await tx.select({ unpaid: count() }).from(orders).where(and(eq(orders.userId, userId), eq(orders.paid, false), isNull(orders.status)));
  return row?.unpaid ?? 0;
}

/**
 * The tools of the lines as the catalogue has them now, in the lines' order. Refuses a line whose
 * tool is unknown, below its minimum order or more than its stock, in the words the purchase page
 * and the cart use (shared/buying.ts). The Purchase button's order keeps the spec-era wording ("this tool").
 */
async function readOrderedTools(tx: AppTransaction, lines: LineInput[], source: OrderToPlace['source']) {
  const ids = lines.map((line) => line.toolId).filter(isUuid);
  // KEY SHARE: an admin deleting one of these tools waits until the order (and its lines' links to
  // the tool) is written, then the links become null as for any older order. It does not wait for,
  // nor hold up, payments taking stock of the same tools (they lock NO KEY UPDATE).
  const rows = ids.length > 0 ? await tx.select().from(tools).where(inArray(tools.id, ids)).for('key share') : [];
  const byId = new Map(rows.map((row) => [row.id, row]));
  const single = source === 'purchase';
  return lines.map((line, index) => {
    // The cart's order says which line is wrong; the purchase page's one tool needs no pointer.
    const field = (name: string) => (single ? {} : { field: `lines.${index}.${name}` });
    const tool = byId.get(line.toolId);
    if (!tool) throw new DomainError('TOOL_NOT_FOUND', {}, field('toolId'));
    // The one quantity rule (shared/buying.ts), which the web app checks first.
    const refusal = quantityRefusal(tool, line.quantity);
    if (refusal) {
      const named = single ? {} : { toolName: tool.name };
      if (refusal.code === 'BELOW_MINIMUM_ORDER') throw new DomainError(refusal.code, { toolId: tool.id, minQty: refusal.minQty, ...named }, field('quantity'));
      throw new DomainError(refusal.code, { toolId: tool.id, available: refusal.available, ...named }, field('quantity'));
    }
    return { tool, quantity: line.quantity };
  });
}

/**
 * Where the order goes and what its tax is made of: the country given (else the seller's), checked
 * against ISO 3166, the region if given, the country's rates and whether prices include tax, all
 * read in the placing transaction (decision 048).
 */
async function taxDestination(tx: AppTransaction, input: Pick<OrderToPlace, 'country' | 'region'>) {
  const { settings, rates } = await readSettingsAndRates(tx, input.country);
  const country = input.country ?? settings.country;
  const region = input.region ?? null;
  checkDestination(country, region);
  return {
    country,
    region,
    sellerCountry: settings.country,
    pricesIncludeTax: settings.pricesIncludeTax,
    reviewReverseCharge: settings.reviewReverseCharge,
    rates,
  };
}

/**
 * The order's prices and tax. Under EU reverse charge (the buyer's profile holds a VAT number jsvat
 * accepts, of another member state than the seller's, and the goods go to another member state:
 * shared/reverse-charge.ts) no line is taxed and the business pays net prices; otherwise each line
 * is taxed at the destination's rate for its tool's class (decision 048). Answers each line's unit price as charged.
 */
function priceOrder(ordered: Array<{ tool: { priceCents: number; taxClass: TaxClass }; quantity: number }>, destination: Awaited<ReturnType<typeof taxDestination>>, buyerTaxId: string | null | undefined) {
  // Each tool's rate at the destination by its class: a reduced rate where one is set, none when exempt.
  const rates = ordered.map(({ tool }) => rateFor(destination.rates, destination.country, destination.region, tool.taxClass));
  const vat = validEuVatNumberOf(buyerTaxId);
  const reverseCharge = reverseChargeApplies({
    sellerCountry: destination.sellerCountry,
    buyerVatPrefix: vat?.prefix ?? null,
    destinationCountry: destination.country,
    destinationRegion: destination.region,
  });
  if (reverseCharge && vat) {
    const charged = reverseChargeOrder(
      ordered.map(({ tool, quantity }, index) => ({ unitCents: tool.priceCents, quantity, rate: rates[index] ?? null })),
      destination.pricesIncludeTax,
    );
    // The prices on the order are net: it says so (pricesIncludeTax off), whatever the catalogue's setting.
    return { taxed: charged, unitsCents: charged.unitsCents, pricesIncludeTax: false, buyerVatId: vat.number };
  }
  const taxed = taxOrder(
    ordered.map(({ tool, quantity }, index) => ({ amountCents: tool.priceCents * quantity, rate: rates[index] ?? null })),
    destination.pricesIncludeTax,
  );
  return { taxed, unitsCents: ordered.map(({ tool }) => tool.priceCents), pricesIncludeTax: destination.pricesIncludeTax, buyerVatId: null };
}

/**
 * Places an order for one or more tools, in the caller's transaction: each line is checked against
 * the catalogue (the tool exists, the quantity meets its minimum and fits its stock right now) and
 * written with the tool's own name, image, description and price, and the tax rate of the destination
 * (shared/tax.ts), or none under reverse charge; the order's subtotal is their sum and its total what the buyer pays, in cents. No stock is taken: an unpaid order holds nothing, and the payment takes the units
 * (orders/order-stock.ts, decision 019), so nobody can keep a tool from customers who pay. The
 * delivery details are saved on the buyer's profile, in the same transaction, whose follow-up
 * sends the confirmation mail after the commit (order-follow-ups.ts).
 */
export async function placeOrder(
  tx: AppTransaction,
  buyer: Identity,
  input: OrderToPlace,
  settings: { maxUnpaidOrders: number },
): Promise<OrderWithLines> {
  const profile = await lockBuyer(tx, buyer.userId);
  const maxUnpaid = settings.maxUnpaidOrders;
  if ((await countUnpaidOrders(tx, buyer.userId)) >= maxUnpaid) throw new DomainError('TOO_MANY_UNPAID_ORDERS', { max: maxUnpaid });
  const ordered = await readOrderedTools(tx, input.lines, input.source);
  const destination = await taxDestination(tx, input);
  // The profile's tax id as it is now, read under the buyer's lock: the order keeps it (buyer_vat_id),
  // so a later change of the profile never reaches this order.
  const { taxed, unitsCents, pricesIncludeTax, buyerVatId } = priceOrder(ordered, destination, profile?.taxId);
  const reverseCharge = buyerVatId !== null;
  const { subtotalCents, taxCents, totalCents } = taxed;
  // An integer column: a total past $21 million is no order this store takes in one go.
  if (totalCents > 2_147_483_647) throw new DomainError('ORDER_TOO_LARGE', {}, { field: 'quantity' });
  const [order] = await tx
    .insert(orders)
    .values({
      userId: buyer.userId,
      name: buyer.name,
      email: buyer.email,
      address: input.address,
      phone: input.phone,
      totalCents,
      subtotalCents,
      taxCents,
      pricesIncludeTax,
      country: destination.country,
      region: destination.region,
      reverseCharge,
      buyerVatId,
      // The owner's review setting as the order is placed (decision 048): it holds this order's shipment until an admin confirms the number.
      vatReviewRequired: reverseCharge && destination.reviewReverseCharge,
      // The terms in force as the order is written, read by the same statement: never the client's say.
      termsVersion: currentTermsVersion(),
    })
    .returning();
  if (!order) throw new Error('order insert returned no row');
  const lines = await tx
    .insert(orderLines)
    .values(
      ordered.map(({ tool, quantity }, position) => ({
        orderId: order.id,
        position,
        toolId: tool.id,
        productName: tool.name,
        sku: tool.sku,
        productImage: tool.image,
        description: tool.description,
        // The unit price charged: the catalogue's, or its net under reverse charge when prices include tax.
        priceCents: unitsCents[position]!,
        quantity,
        // The rate as it is now, kept with the line: later changes to the rates never reach this order.
        taxName: taxed.lines[position]!.taxName,
        taxPercentMilli: taxed.lines[position]!.percentMilli,
        taxCents: taxed.lines[position]!.taxCents,
        taxClass: tool.taxClass,
      })),
    )
    .returning();
  lines.sort((a, b) => a.position - b.position);
  // Most buyers order to the address they used last time: the profile is written only when it changes.
  if (profile?.address !== input.address || profile.phone !== input.phone) {
    await tx.update(users).set({ address: input.address, phone: input.phone, updatedAt: new Date() }).where(eq(users.id, buyer.userId));
  }
  if (input.source === 'cart') {
    await tx.delete(cartLines).where(and(eq(cartLines.userId, buyer.userId), inArray(cartLines.toolId, ordered.map(({ tool }) => tool.id))));
  }
  const placed = { ...order, lines, invoiceNumber: null };
  await recordOrderEvent(tx, order.id, 'placed', buyer.email);
  await followPlacedOrder(tx, placed);
  return placed;
}
