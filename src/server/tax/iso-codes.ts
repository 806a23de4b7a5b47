import { iso31661, iso31662 } from 'iso-3166';

/**
 * Country and region codes, from the `iso-3166` package (ISO 3166-1 alpha-2 and ISO 3166-2, kept up
 * to date upstream; decision 048). Only the server reads them: the web app asks the server.
 */
const countryNames = new Map(iso31661.map((country) => [country.alpha2, country.name]));
const regionNames = new Map(iso31662.map((region) => [region.code, region.name]));

export const isKnownCountry = (code: string) => countryNames.has(code);

/** A region is known when ISO 3166-2 lists it under the country ('US-CA' under 'US'; nested ones such as 'GB-BFS' too). */
export const isRegionOf = (region: string, country: string) => regionNames.has(region) && region.startsWith(`${country}-`);

export const countryName = (code: string) => countryNames.get(code) ?? code;
export const regionName = (code: string) => regionNames.get(code) ?? code;

/** Every country, by name. */
export const allCountries = () =>
  [...countryNames].map(([code, name]) => ({ code, name })).sort((a, b) => a.name.localeCompare(b.name, 'en'));
