import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, smallint, text, timestamp, uuid } from 'drizzle-orm/pg-core';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

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
  },
  (t) => [
    // Catalogue pages are read in this order; the index serves both ORDER BY and OFFSET.
    index('tools_created_at_id_idx').on(t.createdAt, t.id),
    check('tools_price_non_negative', sql`${t.priceCents} >= 0`),
    check('tools_min_qty_positive', sql`${t.minQty} >= 1`),
    check('tools_available_qty_non_negative', sql`${t.availableQty} >= 0`),
  ],
);

export const reviews = pgTable(
  'reviews',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userName: text('user_name').notNull(),
    rating: smallint('rating').notNull(),
    reviewText: text('review_text').notNull(),
    createdAt: createdAt(),
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
  },
  (t) => [index('contact_queries_created_at_idx').on(t.createdAt)],
);
