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
  /** Messages: 'Mark handled' says so and offers to undo it (issue 28); the undo says it too. */
  messageHandled: (name: string) => `The message from ${name} is marked handled`,
  messageUnhandledAgain: (name: string) => `The message from ${name} is waiting for an answer again`,
  undo: 'Undo',
  /** The customer's own data rights (decision 046). */
  dataDownloaded: 'Your data is downloaded',
  accountDeleted: 'Your account is deleted. Thank you for shopping with us',
} as const;
