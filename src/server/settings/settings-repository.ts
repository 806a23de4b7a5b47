import { eq, sql } from 'drizzle-orm';
import type { StoreSettings, StoreSettingsUpdate, TaxRate } from '../../shared';
import { recordAudit } from '../audit/audit-log';
import type { AppDatabase, AppTransaction } from '../db/client';
import { publishChange } from '../db/change-bus';
import { storeSettings } from '../db/schema';
import type { Identity } from '../identity/identity';
import { checkDestination, countryRatesJson } from '../tax/tax-rates-repository';
import { checkTaxId } from '../tax/vat-numbers';

type SettingsRow = typeof storeSettings.$inferSelect;

const toSettings = (row: SettingsRow): StoreSettings => ({
  companyName: row.companyName,
  companyAddress: row.companyAddress,
  taxId: row.taxId,
  notifyEmail: row.notifyEmail,
  lowStockThreshold: row.lowStockThreshold,
  country: row.country,
  pricesIncludeTax: row.pricesIncludeTax,
  reviewReverseCharge: row.reviewReverseCharge,
});

/** The settings' row, which the migration wrote and nothing deletes. */
function theOneRow<T>(row: T | undefined): T {
  if (!row) throw new Error('store_settings has no row: were the migrations applied?');
  return row;
}

/** The owner's settings (the migration wrote the one row; it is never deleted). */
export async function readSettings(db: AppDatabase | AppTransaction): Promise<StoreSettings> {
  const [row] = await db.select().from(storeSettings).where(eq(storeSettings.id, 1));
  return toSettings(theOneRow(row));
}

/**
 * What an order to `country` (the seller's own when none is given) needs, by one statement: the
 * owner's settings and that country's rates (its own and its regions'). Placing an order reads them
 * in its transaction, as they are at that moment; one statement where two were (issue 26).
 */
export async function readSettingsAndRates(tx: AppTransaction, country: string | undefined): Promise<{ settings: StoreSettings; rates: TaxRate[] }> {
  const destination = country === undefined ? storeSettings.country : sql`${country}::text`;
  const [row] = await tx
    .select({ settings: storeSettings, rates: countryRatesJson(destination) })
    .from(storeSettings)
    .where(eq(storeSettings.id, 1));
  const { settings, rates } = theOneRow(row);
  return { settings: toSettings(settings), rates };
}

/** An admin changes the settings; the change and its audit entry commit together. Answers the settings now. */
export async function updateSettings(db: AppDatabase, admin: Identity, changes: StoreSettingsUpdate): Promise<StoreSettings> {
  if (changes.country !== undefined) checkDestination(changes.country, null);
  // The seller's VAT number is printed on every invoice: an EU one must have its country's format.
  const checked = { ...changes, taxId: checkTaxId(changes.taxId, 'taxId') };
  return db.transaction(async (tx) => {
    const [row] = await tx.select().from(storeSettings).where(eq(storeSettings.id, 1)).for('update');
    const before = theOneRow(row);
    const [after] = await tx
      .update(storeSettings)
      .set({ ...checked, updatedAt: new Date() })
      .where(eq(storeSettings.id, 1))
      .returning();
    const [was, now] = [toSettings(before), toSettings(after!)];
    if (JSON.stringify(was) !== JSON.stringify(now)) {
      await recordAudit(tx, admin, { action: 'settings.updated', targetId: 'settings', before: was, after: now });
      // The seller's country and whether prices include tax are in GET /api/tax-config's answer.
      await publishChange(tx, 'tax');
    }
    return now;
  });
}
