import { asc, sql, type SQLWrapper } from 'drizzle-orm';
import { milliToPercent, percentToMilli, type TaxRate, type TaxRatesUpdate, type TaxRateView } from '../../shared';
import { recordAudit } from '../audit/audit-log';
import type { AppDatabase, AppTransaction } from '../db/client';
import { publishChange } from '../db/change-bus';
import { taxRates } from '../db/schema';
import type { Identity } from '../identity/identity';
import { DomainError } from '../lib/domain-errors';
import { isKnownCountry, isRegionOf } from './iso-codes';

// The standard class first ('reduced' sorts after it), so a destination's rates read as one group.
const byDestination = [asc(taxRates.country), sql`${taxRates.region} nulls first`, sql`${taxRates.taxClass} = 'reduced'`] as const;

export const toRateView = (rate: TaxRate): TaxRateView => ({
  country: rate.country,
  region: rate.region,
  name: rate.name,
  percent: milliToPercent(rate.percentMilli),
  taxClass: rate.taxClass,
});

const rateColumns = { country: taxRates.country, region: taxRates.region, name: taxRates.name, percentMilli: taxRates.percentMilli, taxClass: taxRates.taxClass };

/**
 * The rates of one country (its own and its regions'), as an SQL expression a statement about
 * something else can carry: a JSON array of rates, empty when the country has none. `country` is
 * an SQL value (a column of the outer statement, or a parameter).
 */
export function countryRatesJson(country: SQLWrapper) {
  const fields = Object.entries(rateColumns).map(([key, column]) => sql`${key}::text, ${column}`);
  return sql<TaxRate[]>`coalesce((
    select json_agg(json_build_object(${sql.join(fields, sql`, `)})) from ${taxRates} where ${taxRates.country} = ${country}
  ), '[]'::json)`;
}

/** Every rate, by country and region (the country's own first). */
export async function readTaxRates(db: AppDatabase | AppTransaction): Promise<TaxRate[]> {
  return db
    .select(rateColumns)
    .from(taxRates)
    .orderBy(...byDestination);
}

/**
 * Refuses a country or region code ISO 3166 does not list (or a region of another country), naming
 * the field: `prefix` is where the destination sits in the request ('3.' for the fourth rate).
 */
export function checkDestination(country: string, region: string | null | undefined, prefix = ''): void {
  if (!isKnownCountry(country)) throw new DomainError('COUNTRY_UNKNOWN', {}, { field: `${prefix}country` });
  if (region && !isRegionOf(region, country)) throw new DomainError('REGION_UNKNOWN', {}, { field: `${prefix}region` });
}

/**
 * Replaces every rate with the list given (already checked for shape, range and repeats by the
 * shared schema), in one transaction with its audit entry: a list with an unknown code changes
 * nothing. Orders already placed keep the rates they were placed with (their lines' snapshot).
 */
export async function replaceTaxRates(db: AppDatabase, admin: Identity, list: TaxRatesUpdate): Promise<TaxRate[]> {
  list.forEach((rate, index) => checkDestination(rate.country, rate.region, `${index}.`));
  const rows = list.map((rate) => ({ country: rate.country, region: rate.region, name: rate.name, percentMilli: percentToMilli(rate.percent), taxClass: rate.taxClass }));
  return db.transaction(async (tx) => {
    // Two owners saving at once: the second waits for the first and replaces its list whole.
    await tx.execute(sql`lock table ${taxRates} in share row exclusive mode`);
    const before = await readTaxRates(tx);
    // The whole list is replaced on purpose (PUT replaces it), under the table lock above.
    // eslint-disable-next-line drizzle/enforce-delete-with-where
    await tx.delete(taxRates);
    if (rows.length > 0) await tx.insert(taxRates).values(rows);
    const after = await readTaxRates(tx);
    if (JSON.stringify(before) !== JSON.stringify(after)) {
      await recordAudit(tx, admin, { action: 'tax_rates.updated', targetId: 'tax-rates', before: before.map(toRateView), after: after.map(toRateView) });
      await publishChange(tx, 'tax');
    }
    return after;
  });
}
