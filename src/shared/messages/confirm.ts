export const CONFIRM = {
  deleteOrder: 'Are you sure to delete this order?',
  deleteProduct: 'Are You sure to delete this product',
  // Not worded by the specification (its admin could only promote, and only reviews' authors saw them).
  makeAdmin: (name: string, email: string) => `Make ${name} (${email}) an admin? They can then manage users, tools and orders.`,
  makeCustomer: (name: string, email: string) => `Make ${name} (${email}) a customer? They lose admin rights at once.`,
  deleteReview: 'Are you sure to delete this review?',
} as const;
