import { randomUUID } from 'node:crypto';
import { insertTools, type NewToolRow, type ToolRow } from '../../src/server/catalogue/tools-repository';
import type { AppDatabase } from '../../src/server/db/client';
import type { ProductForm } from '../../src/shared';
import { insertReviews, type NewReviewRow, type ReviewRow } from '../../src/server/reviews/reviews-repository';

let sequence = 0;

/** A valid tool row; every call differs so tests never depend on leftovers. */
export function buildTool(overrides: Partial<NewToolRow> = {}): NewToolRow {
  sequence += 1;
  return {
    name: `Test Tool ${sequence} ${randomUUID().slice(0, 6)}`,
    priceCents: 1999 + sequence,
    image: '/images/tools/digital-multimeter.svg',
    description:
      'A dependable tool made for testing: hardened steel body, ergonomic grip and a two-year warranty. ' +
      'Built for daily use in workshops and server rooms alike.',
    minQty: 5,
    availableQty: 100,
    createdAt: new Date(Date.UTC(2024, 0, 1) + sequence * 1000),
    ...overrides,
  };
}

/** A valid body for POST /api/items (price in dollars, as the API speaks); every call differs. */
export function buildProductInput(overrides: Partial<ProductForm> = {}): ProductForm {
  sequence += 1;
  return {
    name: `Admin Tool ${sequence} ${randomUUID().slice(0, 6)}`,
    price: 49.99,
    image: 'https://images.example.com/tools/torque-wrench.webp',
    description: 'A torque wrench with a click mechanism, calibrated to ±3% and sold with its certificate.',
    minQty: 2,
    availableQty: 40,
    ...overrides,
  };
}

export async function createTools(db: AppDatabase, n: number, overrides: Partial<NewToolRow> = {}): Promise<ToolRow[]> {
  return insertTools(db, Array.from({ length: n }, () => buildTool(overrides)));
}

export function buildReview(overrides: Partial<NewReviewRow> = {}): NewReviewRow {
  sequence += 1;
  return {
    userName: `Reviewer ${sequence}`,
    rating: 4,
    reviewText: 'Solid build and fast delivery.',
    createdAt: new Date(Date.UTC(2024, 0, 1) + sequence * 1000),
    ...overrides,
  };
}

export async function createReviews(db: AppDatabase, n: number, overrides: Partial<NewReviewRow> = {}): Promise<ReviewRow[]> {
  return insertReviews(db, Array.from({ length: n }, () => buildReview(overrides)));
}
