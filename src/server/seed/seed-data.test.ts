import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { SEED_REVIEWS, SEED_TOOLS } from './seed-data';

describe('SEED_TOOLS', () => {
  it('has a catalogue worth browsing', () => {
    expect(SEED_TOOLS.length).toBeGreaterThanOrEqual(14);
  });

  it.each(SEED_TOOLS.map((tool) => [tool.name, tool] as const))('%s is valid', (_name, tool) => {
    expect(tool.name.trim().length).toBeGreaterThanOrEqual(3);
    expect(tool.description.length).toBeGreaterThanOrEqual(120);
    expect(tool.description.length).toBeLessThanOrEqual(250);
    expect(Number.isInteger(tool.priceCents)).toBe(true);
    expect(tool.priceCents).toBeGreaterThan(0);
    expect(Number.isInteger(tool.minQty)).toBe(true);
    expect(tool.minQty).toBeGreaterThanOrEqual(1);
    expect(Number.isInteger(tool.availableQty)).toBe(true);
    expect(tool.availableQty).toBeGreaterThanOrEqual(tool.minQty);
  });

  it('has unique names', () => {
    const names = SEED_TOOLS.map((tool) => tool.name);
    expect(new Set(names).size).toBe(names.length);
  });

  it.each(SEED_TOOLS.map((tool) => [tool.image] as const))('image %s exists in the web public folder', (image) => {
    expect(image).toMatch(/^\/images\/tools\/[a-z0-9-]+\.svg$/);
    expect(existsSync(new URL('../../web/public' + image, import.meta.url))).toBe(true);
  });
});

describe('SEED_REVIEWS', () => {
  it('has six reviews', () => {
    expect(SEED_REVIEWS).toHaveLength(6);
  });

  it.each(SEED_REVIEWS.map((review) => [review.userName, review] as const))('review by %s is valid', (_name, review) => {
    expect(Number.isInteger(review.rating)).toBe(true);
    expect(review.rating).toBeGreaterThanOrEqual(1);
    expect(review.rating).toBeLessThanOrEqual(5);
    expect(review.userName.trim().length).toBeGreaterThan(0);
    expect(review.reviewText.trim().length).toBeGreaterThan(0);
    expect(review.reviewText.length).toBeLessThanOrEqual(250);
  });
});
