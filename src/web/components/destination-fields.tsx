import { useEffect, useId, useMemo } from 'react';
import type { FieldError, UseFormRegisterReturn } from 'react-hook-form';
import type { TaxConfig } from '../../shared/schemas/tax';

interface DestinationFieldsProps {
  config: TaxConfig;
  /** The country chosen now (watched by the form). */
  country: string | undefined;
  registerCountry: UseFormRegisterReturn;
  registerRegion: UseFormRegisterReturn;
  errors: { country?: FieldError | undefined; region?: FieldError | undefined };
  /** Clears the region when the country changes to one it does not belong to. */
  clearRegion: () => void;
  region: string | null | undefined;
}

const displayNames = typeof Intl.DisplayNames === 'function' ? new Intl.DisplayNames(['en'], { type: 'region' }) : null;
/** 'US' → 'United States': the browser's own name, else ISO 3166's. */
const countryLabel = (code: string, fallback: string) => {
  try {
    return displayNames?.of(code) ?? fallback;
  } catch {
    return fallback;
  }
};

/**
 * The destination beside the spec's delivery address (which stays the street line): the country,
 * the seller's by default, and the region when the owner set rates for some of that country's
 * regions (decision 048). A region without a rate of its own is "Another region".
 */
export function DestinationFields({ config, country, region, registerCountry, registerRegion, errors, clearRegion }: DestinationFieldsProps) {
  const countryId = useId();
  const regionId = useId();
  const countries = useMemo(
    () => config.countries.map((c) => ({ code: c.code, name: countryLabel(c.code, c.name) })).sort((a, b) => a.name.localeCompare(b.name, 'en')),
    [config.countries],
  );
  const chosen = country || config.country;
  const regions = config.regions.filter((r) => r.code.startsWith(`${chosen}-`));
  useEffect(() => {
    if (region && !region.startsWith(`${chosen}-`)) clearRegion();
  }, [chosen, region, clearRegion]);

  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <div className="form-control w-full">
        <label htmlFor={countryId} className="mb-1 block text-sm font-medium">Country</label>
        <select
          id={countryId}
          className={`select w-full ${errors.country ? 'select-error' : ''}`}
          autoComplete="country"
          // The seller's country until the buyer picks another: the form reads it from here when the field registers.
          defaultValue={country ?? config.country}
          aria-invalid={errors.country ? true : undefined}
          aria-describedby={errors.country ? `${countryId}-error` : undefined}
          {...registerCountry}
        >
          {countries.map((c) => (
            <option key={c.code} value={c.code}>{c.name}</option>
          ))}
        </select>
        {errors.country?.message ? <p id={`${countryId}-error`} role="alert" className="mt-1 text-sm text-error">{errors.country.message}</p> : null}
      </div>
      {regions.length > 0 ? (
        <div className="form-control w-full">
          <label htmlFor={regionId} className="mb-1 block text-sm font-medium">State or region</label>
          <select
            id={regionId}
            className={`select w-full ${errors.region ? 'select-error' : ''}`}
            autoComplete="address-level1"
            aria-invalid={errors.region ? true : undefined}
            aria-describedby={errors.region ? `${regionId}-error` : undefined}
            {...registerRegion}
          >
            <option value="">Another region</option>
            {regions.map((r) => (
              <option key={r.code} value={r.code}>{r.name}</option>
            ))}
          </select>
          {errors.region?.message ? <p id={`${regionId}-error`} role="alert" className="mt-1 text-sm text-error">{errors.region.message}</p> : null}
        </div>
      ) : null}
    </div>
  );
}
