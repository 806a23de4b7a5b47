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
