import { API_ERRORS, CATALOGUE_LIMITS, CATALOGUE_TEXTS, INVALID_CURSOR, VALIDATION, type ImportProblem } from '../../shared';

/**
 * What went wrong, in the domain's words. Repositories, services and routes throw a DomainError
 * with a stable code from the catalogue below (callers branch on it) and the data its wording needs
 * (which also reaches the caller). The errors plugin (plugins/errors.ts) is the one place that turns
 * a kind into an HTTP status and a body, so the same code serves routes, background jobs and
 * command-line tools. The wording is for people (from API_ERRORS and VALIDATION, word for word).
 */
export type DomainErrorKind =
  | 'invalid-input'
  | 'not-signed-in'
  | 'payment-refused'
  | 'not-allowed'
  | 'not-found'
  | 'method-not-allowed'
  | 'conflict'
  | 'too-large'
  | 'unsupported-media-type'
  | 'unprocessable'
  | 'too-frequent'
  | 'unavailable'
  | 'failed';

/** Where an order stands, as an error about it tells the caller. */
export type OrderState = 'unpaid' | 'pending' | 'shipped' | 'expired' | 'refunded' | 'gone';

/** A line the stock cannot cover, as an error tells the caller. */
export interface ShortageData {
  productName: string;
  wanted: number;
  available: number;
}

const describeShortages = (shortages: ShortageData[]) =>
  shortages.map((s) => (s.available > 0 ? `${s.productName} (only ${s.available} left)` : s.productName)).join(', ');

/** A code's kind and its wording; `detail`'s parameter is the code's data (none: no parameter). */
const error = <Data extends object | undefined = undefined>(kind: DomainErrorKind, detail: (data: Data) => string) => ({ kind, detail });
const fixed = (kind: DomainErrorKind, text: string) => error(kind, () => text);

/**
 * Every error the store answers with, by stable code. A code, once published, keeps its meaning;
 * its wording may change. Data members become members of the error body, so they must not be named
 * type, title, status, detail, code, errors or instance.
 */
export const DOMAIN_ERRORS = {
  // Requests the API could not take as they are (answered by the errors plugin itself).
  VALIDATION_FAILED: error<{ firstProblem: string }>('invalid-input', ({ firstProblem }) => firstProblem),
  INVALID_JSON: fixed('invalid-input', API_ERRORS.invalidJson),
  BODY_TOO_DEEP: fixed('invalid-input', API_ERRORS.bodyTooDeep),
  BODY_TOO_LARGE: fixed('too-large', API_ERRORS.bodyTooLarge),
  UNSUPPORTED_MEDIA_TYPE: fixed('unsupported-media-type', API_ERRORS.unsupportedMediaType),
  /** A refusal Fastify or a plugin raised with a 4xx status of its own; the plugin keeps that status. */
  REQUEST_REFUSED: error<{ reason: string }>('invalid-input', ({ reason }) => reason),
  NOT_FOUND: fixed('not-found', API_ERRORS.notFound),
  METHOD_NOT_ALLOWED: error<{ allow: string[] }>('method-not-allowed', () => API_ERRORS.methodNotAllowed),
  TOO_MANY_REQUESTS: fixed('too-frequent', API_ERRORS.tooManyRequests),
  DATABASE_UNAVAILABLE: fixed('unavailable', API_ERRORS.databaseUnavailable),
  INTERNAL_ERROR: fixed('failed', API_ERRORS.internal),
  IDEMPOTENCY_KEY_INVALID: fixed('invalid-input', API_ERRORS.idempotencyKeyInvalid),
  IDEMPOTENCY_KEY_REUSED: fixed('unprocessable', API_ERRORS.idempotencyKeyReused),

  // Who may do what.
  SIGN_IN_REQUIRED: fixed('not-signed-in', API_ERRORS.signInRequired),
  REAUTHENTICATION_REQUIRED: fixed('not-signed-in', API_ERRORS.reauthenticationRequired),
  FORBIDDEN: fixed('not-allowed', API_ERRORS.forbidden),
  CROSS_SITE_REFUSED: fixed('not-allowed', API_ERRORS.crossSiteRefused),
  CUSTOMERS_ONLY: fixed('not-allowed', API_ERRORS.customersOnly),
  ADMIN_TWO_FACTOR_REQUIRED: fixed('not-allowed', API_ERRORS.adminTwoFactorRequired),
  ADMIN_SECOND_FACTOR_REQUIRED: fixed('not-allowed', API_ERRORS.adminSecondFactorRequired),
  WRONG_ACCOUNT_FOR_TOKEN: fixed('not-allowed', API_ERRORS.wrongAccountForToken),
  EMAIL_NOT_VERIFIED: fixed('conflict', API_ERRORS.emailNotVerified),
  CONTROL_CHARACTERS: fixed('invalid-input', VALIDATION.controlCharacters),

  // Identity routes' own pre-checks (their codes are better-auth style, read by the web app).
  TOO_MANY_SIGN_UPS: fixed('too-frequent', API_ERRORS.tooManySignUps),
  TOO_MANY_MAILS: fixed('too-frequent', API_ERRORS.tooManyMailsToAddress),
  TOO_MANY_ATTEMPTS: error<{ pausedFor: 'account' | 'client' }>('too-frequent', ({ pausedFor }) =>
    pausedFor === 'account' ? API_ERRORS.accountSignInsPaused : API_ERRORS.tooManySignIns,
  ),

  // Accounts.
  USER_NOT_FOUND: fixed('not-found', API_ERRORS.userNotFound),
  LAST_ADMIN: fixed('conflict', API_ERRORS.lastAdmin),
  SESSION_NOT_FOUND: fixed('not-found', API_ERRORS.sessionNotFound),

  // Catalogue and photos.
  TOOL_NOT_FOUND: fixed('not-found', API_ERRORS.toolNotFound),
  INVALID_CURSOR: fixed('invalid-input', INVALID_CURSOR),
  CATALOGUE_BUSY: fixed('unavailable', API_ERRORS.catalogueBusy),
  STOCK_CHANGED_MEANWHILE: error<{ available: number }>('conflict', ({ available }) => API_ERRORS.stockChangedMeanwhile(available)),
  MIN_QTY_ABOVE_AVAILABLE: fixed('invalid-input', VALIDATION.productMinQtyAboveAvailable),
  /** A tool's form names a photo that was never uploaded. */
  UNKNOWN_IMAGE: fixed('invalid-input', API_ERRORS.imageNotFound),
  IMAGE_NOT_FOUND: fixed('not-found', API_ERRORS.imageNotFound),
  IMAGE_NOT_AN_IMAGE: fixed('invalid-input', API_ERRORS.imageNotAnImage),
  IMAGE_TYPE_UNSUPPORTED: fixed('unsupported-media-type', API_ERRORS.imageNotAnImage),
  IMAGE_TOO_LARGE: fixed('too-large', API_ERRORS.imageTooLarge),
  IMAGE_TOO_MANY_PIXELS: fixed('invalid-input', API_ERRORS.imageTooManyPixels),
  IMAGE_SIDE_TOO_LONG: error<{ width: number; height: number; maxSide: number }>('invalid-input', ({ width, height, maxSide }) =>
    API_ERRORS.imageSideTooLong(width, height, maxSide),
  ),
  IMAGE_TOO_NARROW: error<{ width: number; height: number; maxAspectRatio: number }>('invalid-input', ({ width, height, maxAspectRatio }) =>
    API_ERRORS.imageTooNarrow(width, height, maxAspectRatio),
  ),
  IMAGE_TOO_SLOW: fixed('invalid-input', API_ERRORS.imageTooSlow),
  IMAGE_PROCESSING_BUSY: fixed('unavailable', API_ERRORS.imageProcessingBusy),

  // The catalogue's structure: SKUs, addresses, categories, documents, the import (issue 24).
  SKU_TAKEN: error<{ sku: string }>('conflict', ({ sku }) => CATALOGUE_TEXTS.skuTaken(sku)),
  SLUG_TAKEN: error<{ slug: string }>('conflict', ({ slug }) => CATALOGUE_TEXTS.slugTaken(slug)),
  CATEGORY_NOT_FOUND: fixed('not-found', CATALOGUE_TEXTS.categoryNotFound),
  /** A request body names a category that does not exist. */
  UNKNOWN_CATEGORY: fixed('invalid-input', CATALOGUE_TEXTS.categoryNotFound),
  CATEGORY_NAME_TAKEN: error<{ name: string }>('conflict', ({ name }) => CATALOGUE_TEXTS.categoryNameTaken(name)),
  CATEGORY_SLUG_TAKEN: error<{ slug: string }>('conflict', ({ slug }) => CATALOGUE_TEXTS.categorySlugTaken(slug)),
  CATEGORY_TOO_DEEP: fixed('invalid-input', CATALOGUE_TEXTS.categoryTooDeep),
  CATEGORY_LOOP: fixed('invalid-input', CATALOGUE_TEXTS.categoryLoop),
  CATEGORY_HAS_SUBCATEGORIES: fixed('conflict', CATALOGUE_TEXTS.categoryHasSubcategories),
  CATEGORY_NOT_EMPTY: error<{ toolCount: number }>('conflict', ({ toolCount }) => CATALOGUE_TEXTS.categoryNotEmpty(toolCount)),
  CATEGORY_MOVE_TO_ITSELF: fixed('invalid-input', CATALOGUE_TEXTS.categoryMoveToItself),
  DOCUMENT_NOT_FOUND: fixed('not-found', CATALOGUE_TEXTS.documentNotFound),
  DOCUMENT_NOT_A_PDF: fixed('invalid-input', CATALOGUE_TEXTS.documentNotPdf),
  DOCUMENT_TYPE_UNSUPPORTED: fixed('unsupported-media-type', CATALOGUE_TEXTS.documentNotPdf),
  DOCUMENT_TOO_LARGE: fixed('too-large', CATALOGUE_TEXTS.documentTooLarge),
  TOO_MANY_DOCUMENTS: fixed('conflict', CATALOGUE_TEXTS.documentsTooMany(CATALOGUE_LIMITS.documentsMax)),
  IMPORT_NOT_CSV: fixed('unsupported-media-type', CATALOGUE_TEXTS.importNotCsv),
  IMPORT_TOO_LARGE: fixed('too-large', CATALOGUE_TEXTS.importTooLarge(CATALOGUE_LIMITS.importBytesMax / (1024 * 1024))),
  IMPORT_TOO_MANY_ROWS: fixed('invalid-input', CATALOGUE_TEXTS.importTooManyRows(CATALOGUE_LIMITS.importRowsMax)),
  /** Every problem of the file, with its row and column: the whole file was refused. */
  IMPORT_REFUSED: error<{ problems: ImportProblem[] }>('unprocessable', ({ problems }) => CATALOGUE_TEXTS.importRefused(problems.length)),

  // Reviews and messages.
  TOO_MANY_REVIEWS: fixed('too-frequent', API_ERRORS.reviewsTooFast),
  REVIEWS_FROM_BUYERS_ONLY: fixed('not-allowed', API_ERRORS.reviewsFromBuyers),
  REVIEW_NOT_FOUND: fixed('not-found', API_ERRORS.reviewNotFound),
  MESSAGE_NOT_FOUND: fixed('not-found', API_ERRORS.queryNotFound),

  // Cart and orders. `toolName` is there for a line of a cart or of an order of several: the
  // Purchase button's one tool keeps the spec-era wording ("this tool").
  CART_FULL: fixed('conflict', API_ERRORS.cartFull),
  BELOW_MINIMUM_ORDER: error<{ toolId: string; minQty: number; toolName?: string }>('invalid-input', ({ minQty, toolName }) =>
    toolName === undefined ? API_ERRORS.belowMinimum(minQty) : API_ERRORS.belowMinimumOf(toolName, minQty),
  ),
  NOT_ENOUGH_STOCK: error<{ toolId: string; available: number; toolName?: string }>('conflict', ({ available, toolName }) =>
    toolName === undefined ? API_ERRORS.notEnoughStock(available) : API_ERRORS.notEnoughStockOf(toolName, available),
  ),
  TOO_MANY_UNPAID_ORDERS: error<{ max: number }>('conflict', ({ max }) => API_ERRORS.tooManyUnpaidOrders(max)),
  ORDER_TOO_LARGE: fixed('invalid-input', API_ERRORS.orderTooLarge),
  ORDER_NOT_FOUND: fixed('not-found', API_ERRORS.orderNotFound),
  PAID_ORDER_NOT_DELETABLE: fixed('conflict', API_ERRORS.paidOrderCannotBeDeleted),
  INVOICE_ONLY_FOR_PAID_ORDERS: fixed('conflict', API_ERRORS.invoiceOnlyPaid),
  PACKING_SLIP_ONLY_FOR_PAID_ORDERS: fixed('conflict', API_ERRORS.packingSlipOnlyPaid),
  ORDER_NOT_SHIPPABLE: error<{ state: OrderState }>('conflict', ({ state }) => {
    if (state === 'shipped') return API_ERRORS.orderAlreadyShipped;
    if (state === 'expired') return API_ERRORS.orderExpiredCannotShip;
    if (state === 'refunded') return API_ERRORS.orderRefundedCannotShip;
    return API_ERRORS.orderNotPaidYet;
  }),
  ORDER_NOT_SHIPPED: fixed('conflict', API_ERRORS.orderNotShipped),

  // Payments and refunds.
  ORDER_NOT_PAYABLE: error<{ state: OrderState }>('conflict', ({ state }) =>
    state === 'expired' ? API_ERRORS.orderExpired : API_ERRORS.orderNotPayable,
  ),
  TOOL_NO_LONGER_SOLD: fixed('conflict', API_ERRORS.toolNoLongerSold),
  SOLD_OUT_BEFORE_PAYMENT: error<{ shortages: ShortageData[] }>('conflict', ({ shortages }) =>
    API_ERRORS.soldOutBeforePayment(describeShortages(shortages)),
  ),
  /** The buyer reported a payment without naming it. */
  PAYMENT_NOT_NAMED: fixed('invalid-input', API_ERRORS.paymentNotCompleted),
  /** The provider has not confirmed the money (yet). */
  PAYMENT_NOT_COMPLETED: fixed('payment-refused', API_ERRORS.paymentNotCompleted),
  /** A card was declined; `declineCode` is the provider's (card_declined, insufficient_funds, ...), the wording its too. */
  CARD_DECLINED: error<{ declineCode: string; providerMessage: string }>('payment-refused', ({ providerMessage }) => providerMessage),
  PAYMENT_MISMATCH: fixed('conflict', API_ERRORS.paymentMismatch),
  PAYMENT_NOT_FOUND: fixed('not-found', API_ERRORS.paymentNotFound),
  INVALID_SIGNATURE: fixed('invalid-input', API_ERRORS.invalidStripeSignature),
  ORDER_NOT_REFUNDABLE: error<{ state: OrderState }>('conflict', ({ state }) => {
    if (state === 'refunded') return API_ERRORS.refundAlreadyDone;
    if (state === 'shipped') return API_ERRORS.refundShippedOrder;
    return API_ERRORS.refundOnlyPaid;
  }),
  /** A payment came in for an order that could no longer take it: the money goes back (`refunded`: it has already). */
  PAYMENT_NOT_SETTLED: error<{ refunded: boolean; soldOut: boolean }>('conflict', ({ refunded, soldOut }) => {
    if (soldOut) return API_ERRORS.soldOutAfterPayment(refunded);
    return refunded ? API_ERRORS.paymentRefunded : API_ERRORS.paymentRefundPending;
  }),
  REFUND_UNDER_WAY: fixed('conflict', API_ERRORS.refundUnderWay),
  REFUND_REFUSED: error<{ reason: string }>('conflict', ({ reason }) => API_ERRORS.refundRefused(reason)),
} as const;

export type DomainErrorCode = keyof typeof DOMAIN_ERRORS;
export type DomainErrorData<C extends DomainErrorCode> = Parameters<(typeof DOMAIN_ERRORS)[C]['detail']>[0];

export interface DomainErrorOptions {
  /** The request field the error is about, when there is one (`lines.0.quantity`, `Idempotency-Key`). */
  field?: string;
  /** When the caller may try again: worth saying for `too-frequent` and `unavailable`. */
  retryAfterSeconds?: number;
}

/** A code without data takes none (or `{}` before options); a code with data requires it, typed. */
type DomainErrorArgs<C extends DomainErrorCode> =
  DomainErrorData<C> extends undefined
    ? [data?: Record<string, never>, options?: DomainErrorOptions]
    : [data: DomainErrorData<C>, options?: DomainErrorOptions];

/** `throw new DomainError('ORDER_NOT_PAYABLE', { state: 'expired' })` */
export class DomainError<C extends DomainErrorCode = DomainErrorCode> extends Error {
  readonly code: C;
  readonly kind: DomainErrorKind;
  /** What the caller may want besides the sentence; members of the error body. */
  readonly data: Record<string, unknown>;
  readonly field: string | undefined;
  readonly retryAfterSeconds: number | undefined;

  constructor(code: C, ...[data, options = {}]: DomainErrorArgs<C>) {
    const spec = DOMAIN_ERRORS[code] as { kind: DomainErrorKind; detail: (data: unknown) => string };
    super(spec.detail(data));
    this.name = 'DomainError';
    this.code = code;
    this.kind = spec.kind;
    this.data = { ...data };
    this.field = options.field;
    this.retryAfterSeconds = options.retryAfterSeconds;
  }

  /** The sentence for people (RFC 9457's `detail`). */
  get detail(): string {
    return this.message;
  }

  is<K extends DomainErrorCode>(code: K): this is DomainError<K> {
    return (this.code as DomainErrorCode) === code;
  }
}
