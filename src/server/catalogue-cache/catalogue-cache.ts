import { CATALOGUE_SORTS, PAGE } from '../../shared';
import type { ChangeBus, ChangeTopic } from '../db/change-bus';
import { PhotoCache } from './photo-cache';
import { ResponseCache } from './response-cache';
import { ToolCounts } from './tool-counts';

export { PHOTO_RECHECK_MS, type PhotoSource } from './photo-cache';
export type { FreshResponse } from './response-cache';

/**
 * The catalogue's answers kept as ready bytes, in three stores so that no stream of requests a
 * client chooses can push out the answers most visitors get (decision 016):
 * - the first page of each order without a search (Home's six, Our Tools' first page): a finite
 *   set of keys (sort × limit), all of which fit, so nothing ever makes room there;
 * - single tools (unknown ids are never stored);
 * - everything else (searches, deep pages): bounded in count and in bytes, the oldest makes room.
 */
const FIRST_PAGES = CATALOGUE_SORTS.length * PAGE.itemsMax;
const SINGLE_TOOLS = 2_000;
const OTHER_PAGES = 1_000;
const OTHER_PAGES_BYTES = 16 * 1024 * 1024;
/** Review pages; past this many, the oldest makes room. */
const REVIEW_PAGES = 500;
/** The legal pages' texts (GET /api/legal/:page): four. */
const LEGAL_TEXTS = 8;
/** The buyers' tax settings (GET /api/tax-config): one answer. */
const TAX_CONFIGS = 1;
/** Pages' HTML (a tool's about 30 kB, 8 kB gzipped): the most visited stay, the oldest makes room. */
const TOOL_PAGES = 2_000;
const TOOL_PAGES_BYTES = 64 * 1024 * 1024;

/** What a route may do with a store of answers: read it (a miss builds and keeps). Never drop it. */
export type AnswerStore = Pick<ResponseCache, 'peek' | 'get'>;
/** What the catalogue's queries may do with the tool counts: ask for one (a miss counts and keeps). */
export type CountStore = Pick<ToolCounts, 'count'>;
/** What the photo routes may do with the photo bytes: read one (a miss loads and keeps). */
export type PhotoStore = Pick<PhotoCache, 'read'>;

/**
 * Everything the store keeps in memory about its public reads, created and dropped here only
 * (STYLE 16, decision 029). Each store is handed out read-only: no route, repository or service
 * forgets anything; they publish what their transactions changed (lib/change-bus.ts), and this
 * module drops exactly what each topic touches, once per change, in every process.
 */
export interface CatalogueCache {
  firstPages: AnswerStore;
  singleTools: AnswerStore;
  otherPages: AnswerStore;
  reviewPages: AnswerStore;
  /** The category list with its counts (GET /api/categories). */
  categoryLists: AnswerStore;
  /** Storefront pages as the server writes them (storefront/): HTML, a tool's page with its body; dropped with the tools, categories or stock they show. */
  pages: AnswerStore;
  /** The legal pages' texts (GET /api/legal/:page), dropped when an admin saves one. */
  legalTexts: AnswerStore;
  /** The seller's country, the rates and the countries (GET /api/tax-config), dropped when the rates or the settings change. */
  taxConfigs: AnswerStore;
  /** X-Total-Count of the catalogue and of each search. */
  toolCounts: CountStore;
  /** Served photo renditions. */
  photos: PhotoStore;
  /** Stops listening to the change bus. */
  close(): void;
}

export function createCatalogueCache(changes: Pick<ChangeBus, 'subscribe'>): CatalogueCache {
  // Every answer kept is public and the same for every caller (no per-user field), so one copy serves everyone.
  const firstPages = new ResponseCache(FIRST_PAGES);
  const singleTools = new ResponseCache(SINGLE_TOOLS);
  const otherPages = new ResponseCache(OTHER_PAGES, { maxBytes: OTHER_PAGES_BYTES });
  const reviewPages = new ResponseCache(REVIEW_PAGES);
  const categoryLists = new ResponseCache(4);
  const pages = new ResponseCache(TOOL_PAGES, { maxBytes: TOOL_PAGES_BYTES });
  const legalTexts = new ResponseCache(LEGAL_TEXTS);
  const taxConfigs = new ResponseCache(TAX_CONFIGS);
  const toolCounts = new ToolCounts();
  const photos = new PhotoCache();

  const catalogueAnswers = [firstPages, singleTools, otherPages, pages];
  /**
   * What each topic touches. A tool's name or description can change what a search matches, so
   * tools drop the counts; stock does not. Categories publish `tools` (their names are on every
   * tool page and their counts move with the tools). A tool page shows its stock.
   */
  const touches: Record<ChangeTopic, { dropAll(): void }[]> = {
    tools: [...catalogueAnswers, toolCounts, categoryLists],
    stock: catalogueAnswers,
    reviews: [reviewPages],
    photos: [photos],
    legal: [legalTexts],
    tax: [taxConfigs],
  };
  const unsubscribe = changes.subscribe((topic) => {
    for (const store of touches[topic]) store.dropAll();
  });

  return { firstPages, singleTools, otherPages, reviewPages, categoryLists, pages, legalTexts, taxConfigs, toolCounts, photos, close: unsubscribe };
}
