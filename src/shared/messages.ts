/**
 * User-facing texts, exactly as the specification words them (sections 2, 5 and 8).
 * Both the server's validation and the web forms read them from here.
 */
export const VALIDATION = {
  emailRequired: 'Email address is required',
  emailInvalid: 'Provide a valid email',
  passwordRequired: 'Password is required',
  passwordTooShort: 'Password must be contain at least 8 characters',
  /** Two-step sign-in and "confirm it is you" (decision 023). */
  authenticatorCode: 'Enter the 6-digit code your authenticator app shows',
  recoveryCodeRequired: 'Enter one of your recovery codes',
  passwordOrCodeRequired: 'Enter your password or a code from your authenticator app',
  userNameRequired: 'User name is required',
  userNameTooShort: 'User name must be contain at least 3 characters',
  addressRequired: 'Delivery address is required',
  phoneRequired: 'Phone number is required',
  reviewTextRequired: 'Review text is required',
  reviewTextTooLong: 'You can only write 250 characters',
  contactPhoneRequired: 'Phone Number is required',
  contactMessageRequired: 'Your message is required',
  productMinQtyRequired: 'Product min. quantity is required',
  // The product form: the spec words only the min. quantity message; the rest follow its style.
  productNameRequired: 'Product name is required',
  productNameTooShort: 'Product name must be contain at least 3 characters',
  productNameTooLong: 'Product name can be at most 120 characters',
  productPriceRequired: 'Product price is required',
  productPricePositive: 'Product price must be more than 0',
  productPriceCents: 'Product price can have at most 2 decimals',
  productPriceTooHigh: 'Product price can be at most $1,000,000',
  productImageRequired: 'Product image is required',
  productImageInvalid: 'Product image must be a link starting with https:// or an uploaded photo',
  productDescriptionRequired: 'Product description is required',
  productDescriptionTooLong: 'Product description can be at most 250 characters',
  productMinQtyWhole: 'Product min. quantity must be a whole number of at least 1',
  productAvailableQtyRequired: 'Product available quantity is required',
  productAvailableQtyWhole: 'Product available quantity must be a whole number of 0 or more',
  productMinQtyAboveAvailable: 'Product min. quantity cannot be more than the available quantity',
  productQtyTooLarge: 'Quantity is too large',
  // Not worded by the specification; kept in the same plain style.
  contactMessageTooLong: 'Your message can be at most 2000 characters',
  contactNameTooLong: 'User name can be at most 100 characters',
  phoneTooLong: 'Phone number can be at most 30 characters',
  emailTooLong: 'Email address is too long',
  passwordTooLong: 'Password can be at most 128 characters',
  addressTooLong: 'Delivery address can be at most 200 characters',
  quantityWhole: 'Quantity must be a whole number',
  quantityPositive: 'Quantity must be at least 1',
  quantityTooLarge: 'Quantity is too large',
  toolIdRequired: 'Choose a tool to buy',
  orderLinesRequired: 'Choose at least one tool to order',
  orderLinesTooMany: 'An order can have at most 50 different tools',
  orderLinesRepeated: 'Each tool can be in an order only once: change its quantity instead',
  orderIdRequired: 'orderId is required',
  orderStatusInvalid: "status must be 'pending' or 'shipped'",
  trackingUrlInvalid: 'Tracking link must be a link starting with https://',
  companyNameRequired: 'Company name is required',
  companyNameTooLong: 'Company name can be at most 120 characters',
  companyAddressRequired: 'Company address is required',
  companyAddressTooLong: 'Company address can be at most 300 characters',
  taxIdTooLong: 'Tax id can be at most 40 characters',
  lowStockThresholdWhole: 'Low-stock mark must be a whole number of 0 or more',
  ratingInvalid: 'Rating must be a whole number from 1 to 5',
  cardNumberRequired: 'Your card number is incomplete.',
  cardNumberInvalid: 'Your card number is incomplete.',
  cardNumberWrong: 'Your card number is invalid.',
  cardExpiryInvalid: "Your card's expiration date is incomplete.",
  cardCvcInvalid: "Your card's security code is incomplete.",
  clientSecretRequired: 'clientSecret is required',
  controlCharacters: 'This text contains characters that are not allowed',
  nameOneLine: 'A name must be on one line',
  oneLine: 'This must be on one line',
  profilePhotoInvalid: 'Profile photo must be a link starting with https://',
} as const;

export const TOASTS = {
  contactSent: 'Thank You, for contact with us..',
  makeAdminOk: 'Make user admin successfully',
  makeAdminFailed: 'Failed to make an user admin',
  profileUpdated: 'Your profile updated successfully',
  tryAgain: 'Something went wrong! Please try again',
  /** A 429, a 502-504 or no answer: the person stays signed in and simply tries again. */
  storeBusy: 'The store is busy. Please try again in a moment.',
  reviewAdded: 'Your review added successfully',
  productAdded: 'Product added successfully',
  productDeleted: 'Product deleted successfully',
  // Not worded by the specification (its admin could not edit a tool); kept in the same style.
  productUpdated: 'Product updated successfully',
  statusUpdated: 'Payment status updated',
  paymentSucceeded: 'Congratulation! Your payment is successfully completed',
  orderPlaced: 'Your order is placed. Please pay to confirm it',
  orderDeleted: 'Your order is deleted',
  /** An admin deleted someone else's unpaid order. */
  orderDeletedByAdmin: 'The order is deleted',
  makeCustomerOk: 'The admin is now a customer',
  reviewHidden: 'The review is hidden from the store',
  reviewShown: 'The review is shown in the store again',
  reviewDeleted: 'The review is deleted',
} as const;

export const EMPTY_TEXT = {
  myOrders: "Sorry, You don't have any order",
  manageTools: "Sorry, You don't have any tools",
  /** Manage Tools with a search that nothing matches. */
  manageToolsNoMatch: 'No tools match this search',
  manageOrders: "Sorry, Users don't have any orders",
  /** Manage Orders with a search that nothing matches (the spec words only the empty store). */
  manageOrdersNoMatch: 'No orders match this search',
  manageUsers: 'No user found',
  // The back-office pages the specification does not have; kept in the same style.
  messages: 'No messages yet',
  unhandledMessages: 'No messages waiting for an answer',
  activity: 'Nothing has been changed yet',
  topTools: 'No tool has been sold yet',
  lowStock: 'No tool is running low',
  manageReviews: 'No reviews yet',
} as const;

/**
 * Shown on the login page after a role guard signed someone out (spec section 4: the customer
 * guard signs admins out, the admin guard customers), so the person knows what happened.
 */
export const SIGNED_OUT_NOTICES = {
  customersOnly: 'That page is for customers, so you were signed out. Sign in with a customer account to open it.',
  adminsOnly: 'That page is for admins, so you were signed out. Sign in with an admin account to open it.',
} as const;
export type SignedOutReason = keyof typeof SIGNED_OUT_NOTICES;

export const CONFIRM = {
  deleteOrder: 'Are you sure to delete this order?',
  deleteProduct: 'Are You sure to delete this product',
  // Not worded by the specification (its admin could only promote, and only reviews' authors saw them).
  makeAdmin: (name: string, email: string) => `Make ${name} (${email}) an admin? They can then manage users, tools and orders.`,
  makeCustomer: (name: string, email: string) => `Make ${name} (${email}) a customer? They lose admin rights at once.`,
  deleteReview: 'Are you sure to delete this review?',
} as const;

/** Error texts the API answers with when the spec does not word them. */
export const API_ERRORS = {
  notFound: 'Not found',
  methodNotAllowed: 'This address does not take that method',
  toolNotFound: 'Tool not found',
  invalidJson: 'The request body is not valid JSON',
  bodyTooLarge: 'The request body is too large',
  bodyTooDeep: 'The request body is nested too deeply',
  tooManyRequests: 'Too many requests, please try again later',
  reviewsTooFast: 'You are posting reviews too fast. Please try again later.',
  reviewsFromBuyers: 'Reviews come from our buyers: you can post one once you have paid for an order',
  internal: 'Something went wrong on our side. Please try again',
  databaseUnavailable: 'The store cannot reach its database right now. Please try again in a moment',
  /** A catalogue or search query ran past its time limit (decision 026). */
  catalogueBusy: 'The catalogue is busy right now. Please try again in a moment',
  unsupportedMediaType: 'The request body must be JSON',
  signInRequired: 'Please sign in to continue',
  forbidden: 'You do not have permission to do that',
  userNotFound: 'User not found',
  lastAdmin: 'The store must keep at least one admin: make another user admin first',
  reviewNotFound: 'Review not found',
  tooManySignIns: 'Too many failed sign-in attempts from here. Please wait 15 minutes and try again',
  accountSignInsPaused:
    'This account has had too many failed sign-in attempts, so for now it can only be signed in to from a browser that has signed in to it before. Please try again later',
  passwordTooCommon: 'This password is too common. Please choose one that is harder to guess',
  orderNotFound: 'Order not found',
  invoiceOnlyPaid: 'An invoice exists only for a paid order',
  packingSlipOnlyPaid: 'A packing slip exists only for a paid order',
  belowMinimum: (min: number) => `You must order at least ${min} units of this tool`,
  notEnoughStock: (available: number) =>
    available > 0 ? `Only ${available} units of this tool are available` : 'This tool is out of stock',
  /** The same, for one tool of an order of several. */
  belowMinimumOf: (name: string, min: number) => `You must order at least ${min} units of ${name}`,
  notEnoughStockOf: (name: string, available: number) =>
    available > 0 ? `Only ${available} units of ${name} are available` : `${name} is out of stock`,
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
  cartFull: 'Your cart can hold at most 50 different tools. Order or remove some first',
  orderPaid: 'A paid order cannot be deleted',
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
  refundOnlyPaid: 'Only a paid order can be refunded',
  refundAlreadyDone: 'This order has already been refunded',
  refundShippedOrder: 'This order has shipped. Undo the shipping first if it has not left, or handle the return by hand',
  refundUnderWay: 'A refund of this order is already under way. Please wait a moment and look again',
  refundRefused: (reason: string) => `The payment provider refused the refund, so the order is unchanged: ${reason}`,
  paymentNotCompleted: 'The payment was not completed',
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
