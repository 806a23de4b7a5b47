import { z } from 'zod';
import { pageQuery } from './catalogue';

/**
 * The back office's own answers: the Overview's figures and the activity log. A tool's fields are
 * in products.ts, the order list's filter in order-list.ts, the Messages page's in contact.ts.
 */

/** GET /api/stats: what the Overview shows. Money in dollars. */
export const statsSchema = z.object({
  ordersByState: z.object({ unpaid: z.number(), pending: z.number(), shipped: z.number(), expired: z.number(), refunded: z.number() }),
  /** The last 30 days (UTC), oldest first, days without sales included with 0. */
  revenueByDay: z.array(z.object({ day: z.string(), revenue: z.number(), orders: z.number() })),
  paidRevenue: z.number(),
  topTools: z.array(z.object({ toolId: z.string().nullable(), name: z.string(), quantity: z.number(), revenue: z.number() })),
  /** Tools at or below their low-stock mark (`threshold`: their own, else the store's), fewest first. */
  lowStock: z.array(z.object({ _id: z.string(), name: z.string(), availableQty: z.number(), minQty: z.number(), threshold: z.number() })),
});
export type Stats = z.infer<typeof statsSchema>;
export const STATS = { days: 30, topTools: 5, lowStock: 5 } as const;

/** GET /api/audit entries. */
export const AUDIT_ACTION_LABELS = {
  'tool.created': 'Tool added',
  'tool.updated': 'Tool edited',
  'tool.deleted': 'Tool deleted',
  'category.created': 'Category added',
  'category.updated': 'Category changed',
  'category.deleted': 'Category deleted',
  'document.uploaded': 'Document added',
  'document.updated': 'Document renamed',
  'document.deleted': 'Document deleted',
  'catalogue.imported': 'Catalogue imported',
  'order.shipped': 'Order shipped',
  'order.unshipped': 'Shipping undone',
  'order.vat_number_confirmed': 'VAT number confirmed (reverse charge)',
  'order.refunded': 'Order refunded',
  'order.deleted': 'Order deleted',
  'user.promoted': 'User made admin',
  'user.demoted': 'Admin made customer',
  'user.updated': 'Profile edited',
  'user.password_set': 'Password set from the command line',
  'query.handled': 'Message handled',
  'review.hidden': 'Review hidden',
  'review.shown': 'Review shown again',
  'review.deleted': 'Review deleted',
  'image.uploaded': 'Photo uploaded',
  'settings.updated': 'Store settings changed',
  'legal.updated': 'Legal page changed',
  'tax_rates.updated': 'Tax rates changed',
  'payment.refunded': 'Payment refunded',
  'payment.refund_failed': 'Refund failed — refund by hand',
  'account.exported': 'Customer downloaded their data',
  'account.deleted': 'Customer deleted their account',
} as const;
/** The "who" of entries the store wrote by itself, such as an automatic refund. */
export const AUDIT_SYSTEM_ACTOR = 'system';
/**
 * The "who" of entries a customer's own data-rights requests wrote (decision 046): the account's
 * holder, named by no email, so the log keeps no personal data of theirs.
 */
export const AUDIT_ACCOUNT_HOLDER_ACTOR = 'account-holder';
export type AuditActionName = keyof typeof AUDIT_ACTION_LABELS;
export const auditEntrySchema = z.object({
  _id: z.string(),
  actorEmail: z.string(),
  action: z.enum(Object.keys(AUDIT_ACTION_LABELS) as [AuditActionName, ...AuditActionName[]]),
  targetId: z.string(),
  before: z.unknown(),
  after: z.unknown(),
  createdAt: z.string(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;
export const auditQuerySchema = pageQuery(20, 100);
