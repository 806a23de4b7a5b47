import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  customType,
  index,
  integer,
  jsonb,
  pgSequence,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import { LEGAL_PAGES } from '../../shared/legal-pages';
import { ORDER_EVENT_KINDS, ORDER_STATUSES } from '../../shared/order-statuses';
import type { RatedTaxClass, TaxClass } from '../../shared/tax';

export type { OrderEventKind } from '../../shared/order-statuses';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

/** PostgreSQL's text-search document (built in: PGlite has it too). Read as text. */
const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

/** Binary files kept in the database (product photos, documents). */
const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

/**
 * The name order of the catalogue: case does not matter ("abrasive" before "Zinc"). The index
 * `tools_name_id_idx` is on this expression and the catalogue's query uses this function, so the
 * two cannot drift apart.
 */
export function toolNameSortKey(name: SQLWrapper): SQL {
  return sql`lower(${name})`;
}

/**
 * The catalogue's categories: two levels at most ("Electronics tools" › "Soldering"). A top-level
 * category has no parent; a subcategory's parent is a top-level one (the categories service keeps
 * it so: decision 039). `position` orders siblings. The slug is made from the name and unique;
 * renaming keeps the old slug as a redirect (category_slug_redirects).
 */
export const categories = pgTable(
  'categories',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    slug: text('slug').notNull().unique(),
    name: text('name').notNull(),
    parentId: uuid('parent_id').references((): AnyPgColumn => categories.id, { onDelete: 'restrict' }),
    position: integer('position').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('categories_parent_position_idx').on(t.parentId, t.position),
    // Two siblings may not share a name (case aside): a filter or an import by name must find one.
    uniqueIndex('categories_sibling_name_idx').on(sql`coalesce(${t.parentId}, '00000000-0000-0000-0000-000000000000'::uuid)`, sql`lower(${t.name})`),
    check('categories_not_own_parent', sql`${t.parentId} is null or ${t.parentId} <> ${t.id}`),
  ],
);

/** Where the old address of a renamed category points (a shared link to a filtered Our Tools keeps working). */
export const categorySlugRedirects = pgTable('category_slug_redirects', {
  slug: text('slug').primaryKey(),
  categoryId: uuid('category_id')
    .notNull()
    .references(() => categories.id, { onDelete: 'cascade' }),
  createdAt: createdAt(),
});

/** Automatic SKUs (TH-01001 ...) for tools added without one (the spec's POST /items has no SKU). */
export const toolSkuSequence = pgSequence('tool_sku_seq', { startWith: 1001 });

/** One specification of a tool: "Torque" "180" "Nm". */
export interface ToolSpecRow {
  name: string;
  value: string;
  unit?: string;
}

/** The catalogue. Money is integer cents so sums are exact; the API converts to dollars. */
export const tools = pgTable(
  'tools',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    priceCents: integer('price_cents').notNull(),
    image: text('image').notNull(),
    description: text('description').notNull(),
    minQty: integer('min_qty').notNull(),
    availableQty: integer('available_qty').notNull(),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /** This tool's low-stock mark, when it differs from the store's (store_settings). */
    lowStockThreshold: integer('low_stock_threshold'),
    /** The tool's address (/tools/{slug}): made from its name, unique; a rename keeps the old one as a redirect (tool_slug_redirects). */
    slug: text('slug').notNull().unique(),
    /** The part number buyers reorder by: unique whatever its letters' case (tools_sku_idx). */
    sku: text('sku').notNull(),
    categoryId: uuid('category_id')
      .notNull()
      .references(() => categories.id, { onDelete: 'restrict' }),
    /**
     * The category's top-level category (itself when it has no parent), kept by the categories
     * service and the catalogue writers: a top-level category's page lists this column's tools
     * through one ordered index, as a subcategory's lists category_id's (decision 039).
     */
    topCategoryId: uuid('top_category_id')
      .notNull()
      .references(() => categories.id, { onDelete: 'restrict' }),
    /** The specifications table, in the order shown. */
    specs: jsonb('specs').$type<ToolSpecRow[]>().notNull().default(sql`'[]'::jsonb`),
    /** Every photo's address, the main one first; `image` is always the first (the spec's field, copied into orders). */
    photos: jsonb('photos').$type<string[]>().notNull().default(sql`'[]'::jsonb`),
    /** Which rates it pays (shared/tax.ts TAX_CLASSES, decision 048): standard, reduced or exempt. */
    taxClass: text('tax_class').$type<TaxClass>().notNull().default('standard'),
    /**
     * What a catalogue search (`?q=`) looks in: the words of the name and description as written
     * (lower-cased), kept by the database on every write. A search looks for each word it is given
     * as the start of a word, and also for its English stem, so "multim", "multimeter" and
     * "multimeters" (stem "multimet") all find "Multimeter" (catalogue/search-terms.ts).
     * Stored rather than an expression index alone, so that a search walking a sort order's index
     * checks each row for the price of reading it instead of parsing its text again (decision 016).
     * Not part of the API: the catalogue's queries name the columns they read.
     */
    searchDocument: tsvector('search_document')
      .notNull()
      .generatedAlwaysAs((): SQL => sql`to_tsvector('simple', ${tools.name} || ' ' || ${tools.sku} || ' ' || ${tools.description})`),
    /**
     * Where a search looks for a word of 3 or more letters inside words ("meter" in "Multimeter"):
     * the same text, lower-cased once here, so that testing a row is a plain LIKE (5 times
     * cheaper than ILIKE, which lower-cases the text again for every word and row: decision 016,
     * 2026-11-26), through the trigram index `tools_search_trgm_idx`. Not part of the API either.
     */
    searchText: text('search_text')
      .notNull()
      .generatedAlwaysAs((): SQL => sql`lower(${tools.name} || ' ' || ${tools.sku} || ' ' || ${tools.description})`),
  },
  (t) => [
    // Catalogue pages are read in this order (newest first: backwards); the index serves ORDER BY,
    // OFFSET and the keyset (`after`) of a deep page.
    index('tools_created_at_id_idx').on(t.createdAt, t.id),
    // The overview's low-stock list.
    index('tools_available_qty_idx').on(t.availableQty, t.id),
    // The catalogue's price and name orders, likewise (price high to low: backwards).
    index('tools_price_id_idx').on(t.priceCents, t.id),
    index('tools_name_id_idx').on(toolNameSortKey(t.name), t.id),
    // Catalogue search: words and their starts (the document), and words inside words (trigrams
    // of the text, pg_trgm: migration 0010 creates the extension).
    index('tools_search_idx').using('gin', t.searchDocument),
    index('tools_search_trgm_idx').using('gin', t.searchText.op('gin_trgm_ops')),
    // An exact SKU (search, import's upsert) and its uniqueness, whatever the case.
    uniqueIndex('tools_sku_idx').on(sql`upper(${t.sku})`),
    // A category's pages in each of the catalogue's orders: a subcategory by category_id, a
    // top-level category (with its subcategories) by top_category_id (decision 039).
    index('tools_category_created_idx').on(t.categoryId, t.createdAt, t.id),
    index('tools_category_price_idx').on(t.categoryId, t.priceCents, t.id),
    index('tools_category_name_idx').on(t.categoryId, toolNameSortKey(t.name), t.id),
    index('tools_top_category_created_idx').on(t.topCategoryId, t.createdAt, t.id),
    index('tools_top_category_price_idx').on(t.topCategoryId, t.priceCents, t.id),
    index('tools_top_category_name_idx').on(t.topCategoryId, toolNameSortKey(t.name), t.id),
    check('tools_price_non_negative', sql`${t.priceCents} >= 0`),
    check('tools_min_qty_positive', sql`${t.minQty} >= 1`),
    check('tools_available_qty_non_negative', sql`${t.availableQty} >= 0`),
    check('tools_low_stock_threshold_non_negative', sql`${t.lowStockThreshold} is null or ${t.lowStockThreshold} >= 0`),
    check('tools_tax_class', sql`${t.taxClass} in ('standard', 'reduced', 'exempt')`),
  ],
);

/** Where the old address of a renamed tool points: /tools/{old} answers 301 to the tool's address now. */
export const toolSlugRedirects = pgTable(
  'tool_slug_redirects',
  {
    slug: text('slug').primaryKey(),
    toolId: uuid('tool_id')
      .notNull()
      .references(() => tools.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [index('tool_slug_redirects_tool_idx').on(t.toolId)],
);

/**
 * A tool's PDF documents (datasheet, manual, safety sheet), each with the name the shop shows.
 * The bytes live in the database, as photos do, so every app process serves the same files.
 */
export const toolDocuments = pgTable(
  'tool_documents',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    toolId: uuid('tool_id')
      .notNull()
      .references(() => tools.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    bytes: bytea('bytes').notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    position: integer('position').notNull().default(0),
    uploadedBy: text('uploaded_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [index('tool_documents_tool_idx').on(t.toolId, t.position)],
);

export const reviews = pgTable(
  'reviews',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userName: text('user_name').notNull(),
    rating: smallint('rating').notNull(),
    reviewText: text('review_text').notNull(),
    /** The customer who wrote it (null for the seeded reviews). */
    userId: text('user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    /** Set when an admin hides the review from the store (it stays, for the record, until deleted). */
    hiddenAt: timestamp('hidden_at', { withTimezone: true }),
  },
  (t) => [
    index('reviews_created_at_idx').on(t.createdAt.desc(), t.id.desc()),
    check('reviews_rating_range', sql`${t.rating} between 1 and 5`),
  ],
);

/** Messages sent through the Contact Us form. */
export const contactQueries = pgTable(
  'contact_queries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    number: text('number').notNull(),
    message: text('message').notNull(),
    createdAt: createdAt(),
    /** Set when an admin marks the query handled; null while it waits for an answer. */
    handledAt: timestamp('handled_at', { withTimezone: true }),
    handledBy: text('handled_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    index('contact_queries_created_at_idx').on(t.createdAt),
    index('contact_queries_handled_created_idx').on(t.handledAt, t.createdAt),
  ],
);

// ---------------------------------------------------------------------------------------------
// Identity (better-auth's core tables, written here so drizzle-kit migrates them like the rest).
// The spec's User fields live on the same row: userName is `name`; role, address and phone are
// better-auth additional fields that clients cannot set at sign-up.
// ---------------------------------------------------------------------------------------------

const authTimestamps = {
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
};

export const ROLES = ['customer', 'admin'] as const;
export type Role = (typeof ROLES)[number];

export const users = pgTable(
  'user',
  {
    id: text('id').primaryKey(),
    name: text('name').notNull(),
    email: text('email').notNull().unique(),
    emailVerified: boolean('email_verified').notNull().default(false),
    image: text('image'),
    role: text('role', { enum: ROLES }).notNull().default('customer'),
    address: text('address'),
    phone: text('phone'),
    /** Optional, for invoices to a business: its name and tax id (VAT number, EIN ...). */
    companyName: text('company_name'),
    taxId: text('tax_id'),
    /** better-auth's two-factor plugin: the account signs in with a code from an authenticator app too. */
    twoFactorEnabled: boolean('two_factor_enabled').notNull().default(false),
    ...authTimestamps,
  },
  (t) => [
    index('user_created_at_idx').on(t.createdAt, t.id),
    check('user_role_known', sql`${t.role} in ('customer', 'admin')`),
  ],
);

export const sessions = pgTable(
  'session',
  {
    id: text('id').primaryKey(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    token: text('token').notNull().unique(),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** When this session last proved the second factor (a code from the authenticator app, or a recovery code); null: never. */
    secondFactorAt: timestamp('second_factor_at', { withTimezone: true }),
    /** When the person last gave their password or a code again in this session (before promoting, demoting, refunding). */
    reauthenticatedAt: timestamp('reauthenticated_at', { withTimezone: true }),
    ...authTimestamps,
  },
  (t) => [index('session_user_id_idx').on(t.userId)],
);

/** better-auth's two-factor plugin: an account's authenticator secret and recovery codes, both encrypted with the auth secret. */
export const twoFactors = pgTable(
  'two_factor',
  {
    id: text('id').primaryKey(),
    secret: text('secret').notNull(),
    backupCodes: text('backup_codes').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** False between "turn on" and the first code from the app: until then the account signs in without one. */
    verified: boolean('verified').notNull().default(true),
    failedVerificationCount: integer('failed_verification_count').notNull().default(0),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
  },
  (t) => [index('two_factor_user_id_idx').on(t.userId), index('two_factor_secret_idx').on(t.secret)],
);

export const accounts = pgTable(
  'account',
  {
    id: text('id').primaryKey(),
    accountId: text('account_id').notNull(),
    providerId: text('provider_id').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    accessToken: text('access_token'),
    refreshToken: text('refresh_token'),
    idToken: text('id_token'),
    accessTokenExpiresAt: timestamp('access_token_expires_at', { withTimezone: true }),
    refreshTokenExpiresAt: timestamp('refresh_token_expires_at', { withTimezone: true }),
    scope: text('scope'),
    password: text('password'),
    ...authTimestamps,
  },
  (t) => [index('account_user_id_idx').on(t.userId), index('account_provider_account_idx').on(t.providerId, t.accountId)],
);

export const verifications = pgTable(
  'verification',
  {
    id: text('id').primaryKey(),
    identifier: text('identifier').notNull(),
    value: text('value').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    ...authTimestamps,
  },
  (t) => [index('verification_identifier_idx').on(t.identifier)],
);

/** Failed sign-ins, counted per account and per client address to slow down password guessing. */
export const signInFailures = pgTable(
  'sign_in_failures',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    key: text('key').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('sign_in_failures_key_created_at_idx').on(t.key, t.createdAt)],
);

// ---------------------------------------------------------------------------------------------
// Buying. An order has one line per tool; each line copies the tool's name, image, description
// and unit price when the order is placed, so later catalogue edits never change what a customer
// bought or paid. An unpaid order holds no stock: a payment takes it (decision 019).
// ---------------------------------------------------------------------------------------------

/** Order numbers people can say on the phone (TH-100001 ...): from a sequence, in the order placed. */
export const orderNumberSequence = pgSequence('order_number_seq', { startWith: 100001 });

export const orders = pgTable(
  'orders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    number: bigint('number', { mode: 'number' })
      .notNull()
      .unique()
      .default(sql`nextval('order_number_seq')`),
    /**
     * The buyer's account; null once they deleted it (decision 046): a paid order stays for the
     * legal retention of its invoice, detached and without the buyer's email and phone. `restrict`:
     * an account is deleted only through accounts/account-deletion.ts, which detaches them first.
     */
    userId: text('user_id').references(() => users.id, { onDelete: 'restrict' }),
    name: text('name').notNull(),
    email: text('email').notNull(),
    address: text('address').notNull(),
    phone: text('phone').notNull(),
    /**
     * What the buyer pays: the subtotal plus the tax, or the subtotal when prices include tax
     * (decision 048). Written with the lines and never changed; the payment asks for exactly this.
     */
    totalCents: integer('total_cents').notNull(),
    /** The sum of the lines' price × quantity. Orders from before tax: the total (migration 0015). */
    subtotalCents: integer('subtotal_cents').notNull(),
    /** The sum of the lines' tax. */
    taxCents: integer('tax_cents').notNull().default(0),
    /** Whether the lines' prices included the tax (the store's setting when the order was placed). */
    pricesIncludeTax: boolean('prices_include_tax').notNull().default(false),
    /** The destination: ISO 3166-1 country and ISO 3166-2 region; null on orders from before tax by destination. */
    country: text('country'),
    region: text('region'),
    /**
     * EU reverse charge (issue 27): the buyer's VAT number was valid in its country's format and the
     * order goes to another EU country than the seller's, so no VAT was charged and the invoice says
     * "Reverse charge" with `buyerVatId`, the number as it was when the order was placed.
     */
    reverseCharge: boolean('reverse_charge').notNull().default(false),
    buyerVatId: text('buyer_vat_id'),
    /**
     * The owner's review setting was on when this reverse-charge order was placed: it cannot be
     * shipped until an admin confirms the VAT number (`buyerVatConfirmedAt`, by `buyerVatConfirmedBy`).
     */
    vatReviewRequired: boolean('vat_review_required').notNull().default(false),
    buyerVatConfirmedAt: timestamp('buyer_vat_confirmed_at', { withTimezone: true }),
    buyerVatConfirmedBy: text('buyer_vat_confirmed_by'),
    paid: boolean('paid').notNull().default(false),
    transactionId: text('transaction_id').unique(),
    /** null while unpaid and payable. */
    status: text('status', { enum: ORDER_STATUSES }),
    paymentIntentId: text('payment_intent_id'),
    createdAt: createdAt(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    shippedAt: timestamp('shipped_at', { withTimezone: true }),
    /** What the admin gave when shipping (all optional): the carrier, its tracking number and page. */
    carrier: text('carrier'),
    trackingNumber: text('tracking_number'),
    trackingUrl: text('tracking_url'),
    expiredAt: timestamp('expired_at', { withTimezone: true }),
    /** A paid order an admin cancelled with a full refund (status `refunded`). */
    refundedAt: timestamp('refunded_at', { withTimezone: true }),
    /**
     * The version of the terms and conditions (legal_texts, page `terms`) in force when the order
     * was placed, set by the server in the placing statement; null: the store had no terms then.
     */
    termsVersion: integer('terms_version'),
  },
  (t) => [
    index('orders_user_created_idx').on(t.userId, t.createdAt),
    index('orders_created_idx').on(t.createdAt, t.id),
    // The admin's order list, filtered by buyer or by state, newest first.
    index('orders_email_created_idx').on(t.email, t.createdAt),
    index('orders_state_created_idx').on(t.paid, t.status, t.createdAt),
    // Revenue per day reads only paid orders.
    index('orders_paid_at_idx').on(t.paidAt).where(sql`${t.paid} = true`),
    // The expiry sweep reads only unpaid orders that may still be paid.
    index('orders_holding_created_idx').on(t.createdAt).where(sql`${t.paid} = false and ${t.status} is null`),
    // "Has this customer ever paid?" (reviews come from buyers).
    index('orders_paid_user_idx').on(t.userId).where(sql`${t.paid} = true`),
    check('orders_total_non_negative', sql`${t.totalCents} >= 0`),
    check('orders_status_known', sql`${t.status} is null or ${t.status} in ('pending', 'shipped', 'expired', 'refunded')`),
    check('orders_paid_has_transaction', sql`${t.paid} = false or ${t.transactionId} is not null`),
  ],
);

/** An order's row as the table holds it: one type for every module that reads or writes orders. */
export type OrderRow = typeof orders.$inferSelect;

/** What an order is for: one row per tool, in the order the buyer listed them. */
export const orderLines = pgTable(
  'order_lines',
  {
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    /** 0, 1, 2 ... in the order the lines were given. */
    position: smallint('position').notNull(),
    /** null once the tool was deleted from the catalogue (the line keeps its copy). */
    toolId: uuid('tool_id').references(() => tools.id, { onDelete: 'set null' }),
    productName: text('product_name').notNull(),
    /** The tool's SKU when ordered (null for orders placed before SKUs existed). */
    sku: text('sku'),
    productImage: text('product_image').notNull(),
    description: text('description').notNull(),
    priceCents: integer('price_cents').notNull(),
    quantity: integer('quantity').notNull(),
    /** The rate this line was taxed at when placed, a snapshot: later rate changes never reach it. */
    taxName: text('tax_name'),
    /** Thousandths of a percent (7.25 % → 7250); 0: untaxed. */
    taxPercentMilli: integer('tax_percent_milli').notNull().default(0),
    taxCents: integer('tax_cents').notNull().default(0),
    /** The tool's tax class when the order was placed: an exempt line is printed as exempt, not as "no tax here". */
    taxClass: text('tax_class').$type<TaxClass>().notNull().default('standard'),
  },
  (t) => [
    primaryKey({ columns: [t.orderId, t.position] }),
    // Top tools sold (the overview) and "which orders hold this tool".
    index('order_lines_tool_idx').on(t.toolId),
    check('order_lines_quantity_positive', sql`${t.quantity} >= 1`),
    check('order_lines_price_non_negative', sql`${t.priceCents} >= 0`),
  ],
);


/**
 * An order's timeline: what happened to it, when, and who did it (an admin's email, the buyer's, or
 * null for the store itself). Written in the same transaction as the change it records.
 */
export const orderEvents = pgTable(
  'order_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ORDER_EVENT_KINDS }).notNull(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    actorEmail: text('actor_email'),
    /** The facts of the moment: transaction id, carrier and tracking number, refund id, why a refund failed. */
    details: jsonb('details'),
  },
  (t) => [index('order_events_order_idx').on(t.orderId, t.at)],
);

/**
 * Invoices: one per paid order, numbered from a gapless counter (`invoice_counter`) in the
 * transaction that marks the order paid, so a number exists exactly when its invoice does. The
 * number and the moment of issue are set as that transaction commits, by the deferred trigger
 * `invoices_numbered_at_commit` (migration 0021, decision 044): the counter's row lock, which every
 * payment needs, is then held for the commit alone rather than for the rest of the payment. So
 * `number` is null only inside the paying transaction, before its commit; no one else ever sees it
 * null. The seller and buyer are copied as they were at payment; the PDF is drawn from this row and
 * the order's lines whenever it is asked for.
 */
export const invoices = pgTable('invoices', {
  orderId: uuid('order_id')
    .primaryKey()
    .references(() => orders.id, { onDelete: 'restrict' }),
  number: integer('number').unique(),
  issuedAt: timestamp('issued_at', { withTimezone: true }).notNull().defaultNow(),
  seller: jsonb('seller').notNull(),
  buyer: jsonb('buyer').notNull(),
});

/** The next invoice number: one row, updated under its row lock as the paying transaction commits. */
export const invoiceCounter = pgTable(
  'invoice_counter',
  {
    id: smallint('id').primaryKey().default(1),
    next: integer('next').notNull().default(1),
  },
  (t) => [check('invoice_counter_one_row', sql`${t.id} = 1`)],
);

/**
 * Credit notes (decision 049): one per refunded order, issued in the transaction that marks it
 * refunded, numbered from a gapless counter of its own (`credit_note_counter`, like invoices'). It
 * corrects the order's invoice (`invoiceNumber`) in full, and names the seller and buyer as that
 * invoice does (copied, so a later change to either row does not rewrite it). The PDF and the
 * e-invoice are drawn from this row and the order's lines, with every amount negated.
 */
export const creditNotes = pgTable('credit_notes', {
  orderId: uuid('order_id')
    .primaryKey()
    .references(() => orders.id, { onDelete: 'restrict' }),
  number: integer('number').notNull().unique(),
  issuedAt: timestamp('issued_at', { withTimezone: true }).notNull().defaultNow(),
  invoiceNumber: integer('invoice_number')
    .notNull()
    .references(() => invoices.number, { onDelete: 'restrict' }),
  seller: jsonb('seller').notNull(),
  buyer: jsonb('buyer').notNull(),
});

/** The next credit note number: one row, updated under its row lock in the refunding transaction. */
export const creditNoteCounter = pgTable(
  'credit_note_counter',
  {
    id: smallint('id').primaryKey().default(1),
    next: integer('next').notNull().default(1),
  },
  (t) => [check('credit_note_counter_one_row', sql`${t.id} = 1`)],
);

/**
 * The owner's settings, one row: who the seller is on invoices, where the store's notices go, and
 * when a tool counts as low on stock.
 */
export const storeSettings = pgTable(
  'store_settings',
  {
    id: smallint('id').primaryKey().default(1),
    companyName: text('company_name').notNull(),
    companyAddress: text('company_address').notNull(),
    taxId: text('tax_id'),
    /** Where mail to the owner goes (a paid order, a message, low stock); null: to every admin. */
    notifyEmail: text('notify_email'),
    lowStockThreshold: integer('low_stock_threshold').notNull().default(10),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * When the demo catalogue was written (seed/seed.ts), or when this store was found to have a
     * catalogue of its own: set once, so a store whose owner deleted the demo tools or reviews
     * never gets them back at the next start.
     */
    seededAt: timestamp('seeded_at', { withTimezone: true }),
    /** The seller's country (ISO 3166-1): where an order that names none goes (decision 048). */
    country: text('country').notNull().default('US'),
    /** On: catalogue prices include tax (EU consumer store); off: tax is added (US style). */
    pricesIncludeTax: boolean('prices_include_tax').notNull().default(false),
    /**
     * On: a reverse-charge order waits for the owner to confirm the buyer's VAT number (which can't be
     * checked offline) before it is shipped.
     */
    reviewReverseCharge: boolean('review_reverse_charge').notNull().default(false),
  },
  (t) => [
    check('store_settings_one_row', sql`${t.id} = 1`),
    check('store_settings_low_stock_non_negative', sql`${t.lowStockThreshold} >= 0`),
  ],
);

/**
 * The legal pages' texts as they are now (terms, privacy, returns, imprint: shared/legal-pages.ts),
 * one row per page once it has a text. `version` counts the saves that changed it (1, 2, ...): the
 * save's upsert raises it under the row's lock, so two saves at once get two versions. Every
 * version's text is kept in legal_text_versions; an order names the terms' version it was placed under.
 */
export const legalTexts = pgTable(
  'legal_texts',
  {
    page: text('page', { enum: LEGAL_PAGES }).primaryKey(),
    /** Markdown; shown as text, never as HTML (decision 047). */
    text: text('text').notNull(),
    version: integer('version').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('legal_texts_page_known', sql`${t.page} in ('terms', 'privacy', 'returns', 'imprint')`), check('legal_texts_version_positive', sql`${t.version} >= 1`)],
);

/** Every version of every legal text, kept: what an order's buyer accepted can always be read again. */
export const legalTextVersions = pgTable(
  'legal_text_versions',
  {
    page: text('page', { enum: LEGAL_PAGES }).notNull(),
    version: integer('version').notNull(),
    text: text('text').notNull(),
    createdAt: createdAt(),
    /** The admin who saved it; null for the seed's templates, or once the account is deleted. */
    createdBy: text('created_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [primaryKey({ columns: [t.page, t.version] })],
);

/**
 * The tax rates the owner set, by destination (decision 048): a country's (region null) or one of
 * its regions'. A region's rate wins over its country's; a destination with none pays no tax.
 * Replaced as a whole by PUT /api/tax-rates.
 */
export const taxRates = pgTable(
  'tax_rates',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** ISO 3166-1 alpha-2. */
    country: text('country').notNull(),
    /** ISO 3166-2, one of the country's; null: the whole country. */
    region: text('region'),
    name: text('name').notNull(),
    /** Thousandths of a percent: 7.25 % → 7250. */
    percentMilli: integer('percent_milli').notNull(),
    /** The tools it taxes: the standard class or the reduced one (exempt tools pay none). */
    taxClass: text('tax_class').$type<RatedTaxClass>().notNull().default('standard'),
  },
  (t) => [
    uniqueIndex('tax_rates_destination_idx').on(t.country, sql`coalesce(${t.region}, '')`, t.taxClass),
    check('tax_rates_percent_range', sql`${t.percentMilli} between 0 and 100000`),
    check('tax_rates_class', sql`${t.taxClass} in ('standard', 'reduced')`),
  ],
);

/**
 * A signed-in customer's cart: the tools and quantities they mean to buy, kept between visits and
 * devices. Prices and stock are read from the catalogue when the cart is shown and again when it
 * is ordered; nothing here holds stock.
 */
export const cartLines = pgTable(
  'cart_lines',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    toolId: uuid('tool_id')
      .notNull()
      .references(() => tools.id, { onDelete: 'cascade' }),
    quantity: integer('quantity').notNull(),
    addedAt: timestamp('added_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.toolId] }), check('cart_lines_quantity_positive', sql`${t.quantity} >= 1`)],
);

/**
 * `Idempotency-Key`s of requests that create something (an order, a payment intent), per customer:
 * a retried request with the same key gets the first answer instead of doing the work again.
 * Written in the same transaction as what the request created, so a key exists exactly when its
 * answer does. Kept a day (the expiry sweep deletes older ones).
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    /** Which call and which body the key was first used with (a hash): another with the same key is refused. */
    fingerprint: text('fingerprint').notNull(),
    statusCode: smallint('status_code').notNull(),
    response: jsonb('response').notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.key] }), index('idempotency_keys_created_idx').on(t.createdAt)],
);

/** Payment intents of the built-in test-mode card processor (Stripe keeps its own). */
export const testPaymentIntents = pgTable(
  'test_payment_intents',
  {
    id: text('id').primaryKey(),
    clientSecret: text('client_secret').notNull().unique(),
    orderId: uuid('order_id').notNull(),
    amountCents: integer('amount_cents').notNull(),
    currency: text('currency').notNull(),
    status: text('status', { enum: ['requires_payment_method', 'succeeded', 'canceled'] }).notNull(),
    idempotencyKey: text('idempotency_key').notNull().unique(),
    lastErrorCode: text('last_error_code'),
    cardLast4: text('card_last4'),
    billingName: text('billing_name'),
    billingEmail: text('billing_email'),
    billingPhone: text('billing_phone'),
    /** Set once the money was handed back; the intent stays `succeeded`, as a refunded Stripe intent does. */
    refundedAt: timestamp('refunded_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('test_payment_intents_order_idx').on(t.orderId)],
);

/** Why the store hands a payment back: the order it was for can no longer take it. */
export const REFUND_REASONS = ['order-deleted', 'tool-deleted', 'paid-another-way', 'expired-sold-out', 'sold-out', 'cancelled-by-admin'] as const;
export type RefundReason = (typeof REFUND_REASONS)[number];
export const REFUND_STATUSES = ['pending', 'refunded', 'failed'] as const;

/**
 * Payments that took money for an order the store can no longer fulfil, one row per payment
 * intent: claimed (`pending`) in the same transaction that decided the payment cannot settle, then
 * `refunded` or `failed` (refund by hand). The key makes the claim and the admin's record happen
 * once, however many requests (confirm, PATCH, webhook retries, other processes) meet the payment.
 * No foreign key to orders: the order is often the thing that was deleted.
 */
export const paymentRefunds = pgTable(
  'payment_refunds',
  {
    paymentIntentId: text('payment_intent_id').primaryKey(),
    orderId: uuid('order_id').notNull(),
    provider: text('provider', { enum: ['test', 'stripe'] }).notNull(),
    amountCents: integer('amount_cents').notNull(),
    currency: text('currency').notNull(),
    reason: text('reason', { enum: REFUND_REASONS }).notNull(),
    buyerEmail: text('buyer_email'),
    status: text('status', { enum: REFUND_STATUSES }).notNull().default('pending'),
    providerRefundId: text('provider_refund_id'),
    lastError: text('last_error'),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('payment_refunds_status_known', sql`${t.status} in ('pending', 'refunded', 'failed')`)],
);

// ---------------------------------------------------------------------------------------------
// Back office.
// ---------------------------------------------------------------------------------------------


/**
 * Product photos uploaded by admins, re-encoded to WebP at the sizes the store shows. They live in
 * the database, so every app process on one PostgreSQL serves the same files.
 */
export const productImages = pgTable('product_images', {
  id: uuid('id').primaryKey().defaultRandom(),
  /** For tool cards and lists (about 600 px wide). */
  card: bytea('card').notNull(),
  /** For the purchase page (about 1200 px wide). */
  large: bytea('large').notNull(),
  width: integer('width').notNull(),
  height: integer('height').notNull(),
  uploadedBy: text('uploaded_by').references(() => users.id, { onDelete: 'set null' }),
  createdAt: createdAt(),
});

export const AUDIT_ACTIONS = [
  'tool.created',
  'tool.updated',
  'tool.deleted',
  // The catalogue's structure and files (issue 24).
  'category.created',
  'category.updated',
  'category.deleted',
  'document.uploaded',
  'document.updated',
  'document.deleted',
  'catalogue.imported',
  'order.shipped',
  'order.unshipped',
  // An admin confirmed a reverse-charge order's VAT number (the owner's review setting, decision 048).
  'order.vat_number_confirmed',
  'order.refunded',
  'order.deleted',
  'user.promoted',
  'user.demoted',
  'user.updated',
  // Set by an operator with `reset-password` (docs/decisions/027-operations-tools.md).
  'user.password_set',
  'query.handled',
  'review.hidden',
  'review.shown',
  'review.deleted',
  'image.uploaded',
  'settings.updated',
  'legal.updated',
  'tax_rates.updated',
  // Written by the store itself (no admin): see docs/decisions/009-payments-that-cannot-settle.md.
  'payment.refunded',
  'payment.refund_failed',
  // A customer's own data rights (decision 046): no personal data in the entry, only the account's id.
  'account.exported',
  'account.deleted',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** Every admin change (and refunds the store made by itself), written in the same transaction as the change. */
export const auditLog = pgTable(
  'audit_log',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    actorId: text('actor_id').references(() => users.id, { onDelete: 'set null' }),
    /** A copy, so the entry still says who it was if the account is later removed. */
    actorEmail: text('actor_email').notNull(),
    action: text('action', { enum: AUDIT_ACTIONS }).notNull(),
    targetId: text('target_id').notNull(),
    before: jsonb('before'),
    after: jsonb('after'),
    createdAt: createdAt(),
  },
  (t) => [index('audit_log_created_idx').on(t.createdAt, t.id)],
);

// ---------------------------------------------------------------------------------------------
// Mail (docs/decisions/015-email.md).
// ---------------------------------------------------------------------------------------------

/**
 * Mail waiting to be sent, and a record of what was. A row is written in the same transaction as
 * the change it tells of (an order placed, paid, shipped; a sign-up), so a mail exists exactly when
 * that change committed, and a crash loses none. The background sender (mail/sender.ts) claims due
 * rows with `for update skip locked`, so of several processes only one sends a given row.
 */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    toAddress: text('to_address').notNull(),
    subject: text('subject').notNull(),
    textBody: text('text_body').notNull(),
    htmlBody: text('html_body').notNull(),
    /** Delivery attempts begun so far (a claim counts as one). */
    attempts: integer('attempts').notNull().default(0),
    /** When the row may next be claimed: now when queued, later after a failure or while a sender holds it. */
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    /** The last failure, with email addresses masked. */
    lastError: text('last_error'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    /** Set when the sender stopped trying: refused for good by the mail server, or failing for too long. */
    abandonedAt: timestamp('abandoned_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    // The sender reads only rows still to be sent, soonest first.
    index('mail_outbox_due_idx').on(t.nextAttemptAt).where(sql`${t.sentAt} is null and ${t.abandonedAt} is null`),
  ],
);

/**
 * Work that follows a committed change and must not be lost, but need not hold up the request or
 * its locks (decision 044): a paid order's receipt, owner notice and low-stock check; a placed
 * order's confirmation. Written in the change's own transaction, with what the work needs; done
 * by a background runner in every app process (follow-ups/runner.ts), which deletes the row in
 * the transaction that does the work, so each is done once, after a crash too.
 */
export const followUps = pgTable(
  'follow_ups',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: text('kind').notNull(),
    payload: jsonb('payload').notNull(),
    /** Attempts begun so far (a claim counts as one). */
    attempts: integer('attempts').notNull().default(0),
    /** When the row may next be claimed: now when written, later after a failure or while a runner holds it. */
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lastError: text('last_error'),
    createdAt: createdAt(),
  },
  (t) => [index('follow_ups_due_idx').on(t.nextAttemptAt)],
);
