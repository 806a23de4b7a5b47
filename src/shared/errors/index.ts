import { DOMAIN_ERRORS, type DomainErrorCode } from './domain-errors';
import { TRANSPORT_ERROR_CODES, type TransportErrorCode } from './transport-errors';

export * from './domain-errors';
export * from './transport-errors';

/** Every code an API error body may carry (decision 043): the store's refusals and the transport's. */
export type ApiErrorCode = DomainErrorCode | TransportErrorCode;

export const API_ERROR_CODES = [...(Object.keys(DOMAIN_ERRORS) as DomainErrorCode[]), ...TRANSPORT_ERROR_CODES] as const satisfies readonly ApiErrorCode[];
