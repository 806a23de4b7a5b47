import { FIRST_VISIT_API_ERRORS } from './first-visit-api-errors';

/** Error texts the API answers with when the spec does not word them. */
export const API_ERRORS = {
  notFound: 'Not found',
  methodNotAllowed: 'This address does not take that method',
  toolNotFound: 'Tool not found',
  invalidJson: 'The request body is not valid JSON',
  bodyTooLarge: 'The request body is too large',
  bodyTooDeep: 'The request body is nested too deeply',
  tooManyRequests: FIRST_VISIT_API_ERRORS.tooManyRequests,
  reviewsTooFast: 'You are posting reviews too fast. Please try again later.',
  reviewsFromBuyers: 'Reviews come from our buyers: you can post one once you have paid for an order',
  internal: FIRST_VISIT_API_ERRORS.internal,
  databaseUnavailable: 'The store cannot reach its database right now. Please try again in a moment',
  /** A catalogue or search query ran past its time limit (decision 026). */
  catalogueBusy: 'The catalogue is busy right now. Please try again in a moment',
  unsupportedMediaType: 'The request body must be JSON',
  signInRequired: FIRST_VISIT_API_ERRORS.signInRequired,
  forbidden: 'You do not have permission to do that',
  userNotFound: 'User not found',
  lastAdmin: 'The store must keep at least one admin: make another user admin first',
  /** Deleting one's own account (decision 046). */
  lastAdminCannotLeave: 'You are the store\'s last admin, and the store must keep at least one: make another user admin before you delete your account',
  wrongPassword: 'That password is not right, so nothing was deleted',
  wrongCode: 'That code is not right (or has expired), so nothing was deleted',
  twoFactorNotOn: 'Two-step sign-in is not on for this account: enter your password instead',
  deletionNeedsPassword: 'Enter your password to delete your account',
  deletionNeedsRecentSignIn:
    'Your account signs in with Google: sign out, sign in with Google again, and delete your account within 10 minutes of signing in',
  deletionBlockedByOpenOrders:
    'You have a paid order that has not shipped yet, or a refund under way: your account can be deleted once it has shipped or been refunded',
  reviewNotFound: 'Review not found',
  tooManySignIns: 'Too many failed sign-in attempts from here. Please wait 15 minutes and try again',
  accountSignInsPaused:
    'This account has had too many failed sign-in attempts, so for now it can only be signed in to from a browser that has signed in to it before. Please try again later',
  passwordTooCommon: 'This password is too common. Please choose one that is harder to guess',
  orderNotFound: 'Order not found',
  invoiceOnlyPaid: 'An invoice exists only for a paid order',
  packingSlipOnlyPaid: 'A packing slip exists only for a paid order',
  creditNoteOnlyRefunded: 'A credit note exists only for a refunded order',
  belowMinimum: FIRST_VISIT_API_ERRORS.belowMinimum,
  notEnoughStock: FIRST_VISIT_API_ERRORS.notEnoughStock,
  /** The same, for one tool of an order of several. */
  belowMinimumOf: FIRST_VISIT_API_ERRORS.belowMinimumOf,
  notEnoughStockOf: FIRST_VISIT_API_ERRORS.notEnoughStockOf,
  /** A payment was refused before any charge: the stock it was for was bought by someone else first. */
  soldOutBeforePayment: (shortages: string) =>
    `Sorry, ${shortages} sold out while this order waited for payment, so nothing was charged. Change the quantity in a new order, or delete this one`,
  /** A card payment (Stripe) went through, but the stock was bought by someone else first. */
  soldOutAfterPayment: (refunded: boolean) =>
    refunded
      ? 'Sorry, part of this order sold out while you were paying. Your payment has been refunded'
      : 'Sorry, part of this order sold out while you were paying. Your payment will be refunded',
  idempotencyKeyInvalid: 'Idempotency-Key must be 1 to 255 visible characters',
  idempotencyKeyReused: 'This Idempotency-Key was already used for a different request. Send a new key for a new request',
  orderTooLarge: 'This order is too large to take in one go. Please split it into smaller orders',
  cartFull: FIRST_VISIT_API_ERRORS.cartFull,
  tooManyUnpaidOrders: (max: number) => `You have ${max} unpaid orders, the most one customer can have. Please pay for or delete some of them first`,
  orderExpired: 'This order has expired and can no longer be paid. Please order again',
  orderNotPayable: 'This order cannot be paid',
  stockChangedMeanwhile: (now: number) =>
    `The stock of this tool changed while you were editing (it is now ${now}). Check it and save again`,
  orderAlreadyShipped: 'This order has already been shipped',
  orderExpiredCannotShip: 'This order expired unpaid and cannot be shipped',
  paidOrderCannotBeDeleted: 'A paid order cannot be deleted',
  queryNotFound: 'Message not found',
  imageNotFound: 'Image not found',
  imageNotAnImage: 'The file is not a PNG, JPEG or WebP image',
  imageTooLarge: 'The photo can be at most 5 MB',
  imageTooManyPixels: 'The photo is too large: at most 40 megapixels',
  imageSideTooLong: (width: number, height: number, maxSide: number) =>
    `The photo is ${width.toLocaleString('en-US')} × ${height.toLocaleString('en-US')} pixels: at most ${maxSide.toLocaleString('en-US')} pixels on a side`,
  imageTooNarrow: (width: number, height: number, maxRatio: number) =>
    `The photo is ${width.toLocaleString('en-US')} × ${height.toLocaleString('en-US')} pixels: its long side can be at most ${maxRatio} times its short side`,
  imageTooSlow: 'The photo took too long to process. Please upload a smaller photo',
  imageProcessingBusy: 'Other photos are being processed right now. Please try again in a moment',
  toolNoLongerSold: 'This tool is no longer sold, so this order cannot be paid. Please delete it',
  orderNotPaidYet: 'Only paid orders can be shipped',
  orderRefundedCannotShip: 'This order was cancelled and refunded, so it cannot be shipped',
  orderNotShipped: 'This order has not been shipped, so there is nothing to undo',
  /** The owner asked to review reverse-charge orders (Settings) and nobody has confirmed this one's VAT number yet. */
  vatNumberToReview: "This order is under reverse charge: confirm the buyer's VAT number on the order page before shipping it",
  orderNotReverseCharge: 'This order is not under reverse charge, so it has no VAT number to confirm',
  vatNumberAlreadyConfirmed: "This order's VAT number has already been confirmed",
  refundOnlyPaid: 'Only a paid order can be refunded',
  refundAlreadyDone: 'This order has already been refunded',
  refundUnderWay: 'A refund of this order is already under way. Please wait a moment and look again',
  refundRefused: (reason: string) => `The payment provider refused the refund, so the order is unchanged: ${reason}`,
  paymentNotCompleted: 'The payment was not completed',
  paymentNotFound: 'Payment not found',
  invalidStripeSignature: 'Invalid Stripe signature',
  paymentMismatch: 'This payment does not belong to this order',
  paymentRefunded: 'This order can no longer be paid. Your payment has been refunded',
  paymentRefundPending: 'This order can no longer be paid. Your payment will be refunded',
  customersOnly: 'Only customers can do that',
  crossSiteRefused: 'This request must come from the store itself',
  wrongAccountForToken: 'You can only get an access token for the account you are signed in with',
  emailNotVerified:
    'Please confirm your email address before placing an order: open the link we sent you when you signed up.',
  tooManySignUps: 'Too many accounts have been made from here in the last hour. Please try again later',
  tooManyMailsToAddress: 'We have sent several emails to this address in the last few minutes. Please check your inbox, or wait 15 minutes and try again',
  /** Admin accounts (decision 023). */
  adminTwoFactorRequired:
    'Admins must use two-step sign-in in this store: turn it on under Dashboard → Two-step sign-in, then try again',
  adminSecondFactorRequired:
    'This session has not shown a code from your authenticator app: enter one under Dashboard → Two-step sign-in, then try again',
  secondFactorFirst: 'Enter a code from your authenticator app first: this session has not shown one',
  reauthenticationRequired:
    'Please confirm it is you: enter your password or a code from your authenticator app, then try again',
  sessionNotFound: 'That session has already ended',
} as const;
