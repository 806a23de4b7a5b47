import { quantityRefusalText } from '../buying';
import { API_ERRORS } from '../messages/api-errors';
import { VALIDATION } from '../messages/validation';
import { CATALOGUE_TEXTS } from '../messages/catalogue';
import { INVALID_CURSOR } from '../schemas/catalogue';
import { CATALOGUE_LIMITS, type ImportProblem } from '../schemas/catalogue-structure';
import type { OrderState } from '../schemas/order-list';

/**
 * What kind of refusal a domain error is, in the store's words, not HTTP's: the server's errors
 * plugin alone turns a kind into a status (decision 043). Errors about the request itself (its
 * JSON, its size, its method, its rate) are not domain errors: see transport-errors.ts.
 * - `rejected`: the request asks for something the store's rules refuse as it is (a bad value, a file
 *   too large or of the wrong type, a CSV with bad rows);
 * - `unauthenticated`: nobody is signed in, or not recently enough;
 * - `forbidden`: the one signed in may not do this;
 * - `not-found`: what it names does not exist (or not for this caller);
 * - `conflict`: the thing's present state refuses it (an order already shipped, a SKU taken);
 * - `payment-refused`: the payment provider did not take the money;
 * - `too-frequent`: a limit the store sets on people (reviews, sign-ups, mails, sign-in attempts),
 *   not the rate limiter's, which is a transport error;
 * - `unavailable`: the store cannot do it right now (catalogue or photo processing busy).
 */
export type DomainErrorKind = 'rejected' | 'unauthenticated' | 'forbidden' | 'not-found' | 'conflict' | 'payment-refused' | 'too-frequent' | 'unavailable';

/** Where an order stands, as an error about it tells the caller: its state, or gone (deleted meanwhile). */
export type ErrorOrderState = OrderState | 'gone';

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
 * Every refusal the store's own code raises, by stable code, with its kind, its data and its
 * wording (from API_ERRORS, VALIDATION and CATALOGUE_TEXTS, word for word). The server throws them
 * (`new DomainError(code, data)`, server/lib/domain-errors.ts); the web app branches on the codes.
 * A code, once published, keeps its meaning; its wording may change. Data members become members
 * of the error body, so they must not be named type, title, status, detail, code, errors or instance.
 */
export const DOMAIN_ERRORS = {
  // Who may do what.
  SIGN_IN_REQUIRED: fixed('unauthenticated', API_ERRORS.signInRequired),
  REAUTHENTICATION_REQUIRED: fixed('unauthenticated', API_ERRORS.reauthenticationRequired),
  FORBIDDEN: fixed('forbidden', API_ERRORS.forbidden),
  CUSTOMERS_ONLY: fixed('forbidden', API_ERRORS.customersOnly),
  ADMIN_TWO_FACTOR_REQUIRED: fixed('forbidden', API_ERRORS.adminTwoFactorRequired),
  ADMIN_SECOND_FACTOR_REQUIRED: fixed('forbidden', API_ERRORS.adminSecondFactorRequired),
  WRONG_ACCOUNT_FOR_TOKEN: fixed('forbidden', API_ERRORS.wrongAccountForToken),
  EMAIL_NOT_VERIFIED: fixed('conflict', API_ERRORS.emailNotVerified),
  CONTROL_CHARACTERS: fixed('rejected', VALIDATION.controlCharacters),

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
  // Deleting one's own account (decision 046). Wrong secrets are `rejected` (400), not 401: the web
  // app signs out on 401/403, and a typo must leave the person signed in to try again.
  LAST_ADMIN_CANNOT_LEAVE: fixed('conflict', API_ERRORS.lastAdminCannotLeave),
  WRONG_PASSWORD: fixed('rejected', API_ERRORS.wrongPassword),
  WRONG_CODE: fixed('rejected', API_ERRORS.wrongCode),
  TWO_FACTOR_NOT_ON: fixed('rejected', API_ERRORS.twoFactorNotOn),
  DELETION_NEEDS_PASSWORD: fixed('rejected', API_ERRORS.deletionNeedsPassword),
  DELETION_NEEDS_RECENT_SIGN_IN: fixed('conflict', API_ERRORS.deletionNeedsRecentSignIn),
  ACCOUNT_HAS_OPEN_ORDERS: fixed('conflict', API_ERRORS.deletionBlockedByOpenOrders),

  // Catalogue and photos.
  TOOL_NOT_FOUND: fixed('not-found', API_ERRORS.toolNotFound),
  INVALID_CURSOR: fixed('rejected', INVALID_CURSOR),
  CATALOGUE_BUSY: fixed('unavailable', API_ERRORS.catalogueBusy),
  STOCK_CHANGED_MEANWHILE: error<{ available: number }>('conflict', ({ available }) => API_ERRORS.stockChangedMeanwhile(available)),
  MIN_QTY_ABOVE_AVAILABLE: fixed('rejected', VALIDATION.productMinQtyAboveAvailable),
  /** A tool's form names a photo that was never uploaded. */
  UNKNOWN_IMAGE: fixed('rejected', API_ERRORS.imageNotFound),
  IMAGE_NOT_FOUND: fixed('not-found', API_ERRORS.imageNotFound),
  IMAGE_NOT_AN_IMAGE: fixed('rejected', API_ERRORS.imageNotAnImage),
  IMAGE_TYPE_UNSUPPORTED: fixed('rejected', API_ERRORS.imageNotAnImage),
  IMAGE_TOO_LARGE: fixed('rejected', API_ERRORS.imageTooLarge),
  IMAGE_TOO_MANY_PIXELS: fixed('rejected', API_ERRORS.imageTooManyPixels),
  IMAGE_SIDE_TOO_LONG: error<{ width: number; height: number; maxSide: number }>('rejected', ({ width, height, maxSide }) =>
    API_ERRORS.imageSideTooLong(width, height, maxSide),
  ),
  IMAGE_TOO_NARROW: error<{ width: number; height: number; maxAspectRatio: number }>('rejected', ({ width, height, maxAspectRatio }) =>
    API_ERRORS.imageTooNarrow(width, height, maxAspectRatio),
  ),
  IMAGE_TOO_SLOW: fixed('rejected', API_ERRORS.imageTooSlow),
  IMAGE_PROCESSING_BUSY: fixed('unavailable', API_ERRORS.imageProcessingBusy),

  // The catalogue's structure: SKUs, addresses, categories, documents, the import (issue 24).
  SKU_TAKEN: error<{ sku: string }>('conflict', ({ sku }) => CATALOGUE_TEXTS.skuTaken(sku)),
  SLUG_TAKEN: error<{ slug: string }>('conflict', ({ slug }) => CATALOGUE_TEXTS.slugTaken(slug)),
  CATEGORY_NOT_FOUND: fixed('not-found', CATALOGUE_TEXTS.categoryNotFound),
  /** A request body names a category that does not exist. */
  UNKNOWN_CATEGORY: fixed('rejected', CATALOGUE_TEXTS.categoryNotFound),
  CATEGORY_NAME_TAKEN: error<{ name: string }>('conflict', ({ name }) => CATALOGUE_TEXTS.categoryNameTaken(name)),
  CATEGORY_SLUG_TAKEN: error<{ slug: string }>('conflict', ({ slug }) => CATALOGUE_TEXTS.categorySlugTaken(slug)),
  CATEGORY_TOO_DEEP: fixed('rejected', CATALOGUE_TEXTS.categoryTooDeep),
  CATEGORY_LOOP: fixed('rejected', CATALOGUE_TEXTS.categoryLoop),
  CATEGORY_HAS_SUBCATEGORIES: fixed('conflict', CATALOGUE_TEXTS.categoryHasSubcategories),
  CATEGORY_NOT_EMPTY: error<{ toolCount: number }>('conflict', ({ toolCount }) => CATALOGUE_TEXTS.categoryNotEmpty(toolCount)),
  CATEGORY_MOVE_TO_ITSELF: fixed('rejected', CATALOGUE_TEXTS.categoryMoveToItself),
  DOCUMENT_NOT_FOUND: fixed('not-found', CATALOGUE_TEXTS.documentNotFound),
  DOCUMENT_NOT_A_PDF: fixed('rejected', CATALOGUE_TEXTS.documentNotPdf),
  DOCUMENT_TYPE_UNSUPPORTED: fixed('rejected', CATALOGUE_TEXTS.documentNotPdf),
  DOCUMENT_TOO_LARGE: fixed('rejected', CATALOGUE_TEXTS.documentTooLarge),
  TOO_MANY_DOCUMENTS: fixed('conflict', CATALOGUE_TEXTS.documentsTooMany(CATALOGUE_LIMITS.documentsMax)),
  IMPORT_NOT_CSV: fixed('rejected', CATALOGUE_TEXTS.importNotCsv),
  IMPORT_TOO_LARGE: fixed('rejected', CATALOGUE_TEXTS.importTooLarge(CATALOGUE_LIMITS.importBytesMax / (1024 * 1024))),
  IMPORT_TOO_MANY_ROWS: fixed('rejected', CATALOGUE_TEXTS.importTooManyRows(CATALOGUE_LIMITS.importRowsMax)),
  /** Every problem of the file, with its row and column: the whole file was refused. */
  IMPORT_REFUSED: error<{ problems: ImportProblem[] }>('rejected', ({ problems }) => CATALOGUE_TEXTS.importRefused(problems.length)),

  // Reviews and messages.
  TOO_MANY_REVIEWS: fixed('too-frequent', API_ERRORS.reviewsTooFast),
  REVIEWS_FROM_BUYERS_ONLY: fixed('forbidden', API_ERRORS.reviewsFromBuyers),
  REVIEW_NOT_FOUND: fixed('not-found', API_ERRORS.reviewNotFound),
  MESSAGE_NOT_FOUND: fixed('not-found', API_ERRORS.queryNotFound),

  // Legal pages (issue 27): a body too large to be a legal text, refused before it is read.
  LEGAL_TEXT_TOO_LONG: fixed('rejected', VALIDATION.legalTextTooLong),

  // Cart and orders. `toolName` is there for a line of a cart or of an order of several: the
  // Purchase button's one tool keeps the spec-era wording ("this tool").
  CART_FULL: fixed('conflict', API_ERRORS.cartFull),
  BELOW_MINIMUM_ORDER: error<{ toolId: string; minQty: number; toolName?: string }>('rejected', ({ minQty, toolName }) =>
    quantityRefusalText({ code: 'BELOW_MINIMUM_ORDER', minQty }, toolName),
  ),
  NOT_ENOUGH_STOCK: error<{ toolId: string; available: number; toolName?: string }>('conflict', ({ available, toolName }) =>
    quantityRefusalText({ code: 'NOT_ENOUGH_STOCK', available }, toolName),
  ),
  TOO_MANY_UNPAID_ORDERS: error<{ max: number }>('conflict', ({ max }) => API_ERRORS.tooManyUnpaidOrders(max)),
  ORDER_TOO_LARGE: fixed('rejected', API_ERRORS.orderTooLarge),
  COUNTRY_UNKNOWN: fixed('rejected', VALIDATION.countryUnknown),
  REGION_UNKNOWN: fixed('rejected', VALIDATION.regionUnknown),
  /** A tax id with an EU VAT prefix that jsvat does not accept as that country's VAT number. */
  VAT_NUMBER_INVALID: fixed('rejected', VALIDATION.vatNumberInvalid),
  ORDER_NOT_FOUND: fixed('not-found', API_ERRORS.orderNotFound),
  PAID_ORDER_NOT_DELETABLE: fixed('conflict', API_ERRORS.paidOrderCannotBeDeleted),
  INVOICE_ONLY_FOR_PAID_ORDERS: fixed('conflict', API_ERRORS.invoiceOnlyPaid),
  PACKING_SLIP_ONLY_FOR_PAID_ORDERS: fixed('conflict', API_ERRORS.packingSlipOnlyPaid),
  CREDIT_NOTE_ONLY_FOR_REFUNDED_ORDERS: fixed('conflict', API_ERRORS.creditNoteOnlyRefunded),
  ORDER_NOT_SHIPPABLE: error<{ state: ErrorOrderState }>('conflict', ({ state }) => {
    if (state === 'shipped') return API_ERRORS.orderAlreadyShipped;
    if (state === 'expired') return API_ERRORS.orderExpiredCannotShip;
    if (state === 'refunded') return API_ERRORS.orderRefundedCannotShip;
    return API_ERRORS.orderNotPaidYet;
  }),
  ORDER_NOT_SHIPPED: fixed('conflict', API_ERRORS.orderNotShipped),
  VAT_NUMBER_TO_REVIEW: fixed('conflict', API_ERRORS.vatNumberToReview),
  ORDER_NOT_REVERSE_CHARGE: fixed('conflict', API_ERRORS.orderNotReverseCharge),
  VAT_NUMBER_ALREADY_CONFIRMED: fixed('conflict', API_ERRORS.vatNumberAlreadyConfirmed),

  // Payments and refunds.
  ORDER_NOT_PAYABLE: error<{ state: ErrorOrderState }>('conflict', ({ state }) =>
    state === 'expired' ? API_ERRORS.orderExpired : API_ERRORS.orderNotPayable,
  ),
  TOOL_NO_LONGER_SOLD: fixed('conflict', API_ERRORS.toolNoLongerSold),
  SOLD_OUT_BEFORE_PAYMENT: error<{ shortages: ShortageData[] }>('conflict', ({ shortages }) =>
    API_ERRORS.soldOutBeforePayment(describeShortages(shortages)),
  ),
  /** The buyer reported a payment without naming it. */
  PAYMENT_NOT_NAMED: fixed('rejected', API_ERRORS.paymentNotCompleted),
  /** The provider has not confirmed the money (yet). */
  PAYMENT_NOT_COMPLETED: fixed('payment-refused', API_ERRORS.paymentNotCompleted),
  /** A card was declined; `declineCode` is the provider's (card_declined, insufficient_funds, ...), the wording its too. */
  CARD_DECLINED: error<{ declineCode: string; providerMessage: string }>('payment-refused', ({ providerMessage }) => providerMessage),
  PAYMENT_MISMATCH: fixed('conflict', API_ERRORS.paymentMismatch),
  PAYMENT_NOT_FOUND: fixed('not-found', API_ERRORS.paymentNotFound),
  INVALID_SIGNATURE: fixed('rejected', API_ERRORS.invalidStripeSignature),
  ORDER_NOT_REFUNDABLE: error<{ state: ErrorOrderState }>('conflict', ({ state }) => {
    if (state === 'refunded') return API_ERRORS.refundAlreadyDone;
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
/** The data a code carries (undefined: none), which its wording uses and the error body repeats. */
export type DomainErrorData<C extends DomainErrorCode> = Parameters<(typeof DOMAIN_ERRORS)[C]['detail']>[0];
