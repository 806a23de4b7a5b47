/** Business constants and limits from the specification (section 9). */
export const LIMITS = {
  passwordMin: 8,
  passwordMax: 128,
  userNameMin: 3,
  productNameMin: 3,
  productNameMax: 120,
  reviewTextMax: 250,
  productDescriptionMax: 250,
  contactNameMax: 100,
  contactMessageMax: 2000,
  phoneMax: 30,
  addressMax: 200,
  quantityMax: 1_000_000,
  /** Different tools in one order, and in one cart. */
  orderLinesMax: 50,
  emailMax: 254,
  ratingMin: 1,
  ratingMax: 5,
  ratingDefault: 1,
  /** Tax rates the owner may set (one per country or region). */
  taxRatesMax: 500,
  taxNameMax: 60,
} as const;

/** Description and title previews (characters) and the suffix each one gets. */
export const PREVIEW = {
  toolCard: 100,
  myOrders: 60,
  manageTools: 50,
  newsTitle: 45,
} as const;

export const HOME_TOOL_COUNT = 6;

/**
 * The longest text of a legal page (terms, privacy, returns, legal notice), in characters: a long
 * set of terms is about 15,000; a megabyte pasted by mistake is refused, naming the field.
 */
export const LEGAL_TEXT_MAX_LENGTH = 50_000;

/**
 * The shape an uploaded photo may have, checked from the file's header before any pixel is
 * decoded (docs/decisions/022-photo-limits.md). The other upload limits (bytes, types,
 * megapixels) are IMAGE_UPLOAD's, in schemas/products.ts.
 */
export const IMAGE_SHAPE = {
  /** Pixels on the longer side. */
  maxSide: 10_000,
  /** The longer side at most this many times the shorter. */
  maxAspectRatio: 20,
} as const;

/** The header a client sends so that a retried request is done once (POST /api/order, /api/orders, /api/create-payment-intent). */
export const IDEMPOTENCY_KEY_HEADER = 'idempotency-key';


/** Paging for list endpoints. */
export const PAGE = {
  itemsDefault: 100,
  itemsMax: 100,
  reviewsDefault: 20,
  reviewsMax: 100,
  usersDefault: 100,
  usersMax: 100,
  ordersDefault: 100,
  ordersMax: 100,
} as const;

export const TOAST = {
  successMs: 2000,
  errorMs: 4000,
  maxVisible: 20,
} as const;

/** Lazily fetched code is retried until this long after the first failure. */
export const CHUNK_LOAD_TIMEOUT_MS = 120_000;

export const COMPANY = {
  name: 'ToolHouse Manufacturing',
  founded: 2005,
  phone: '+1 (555) 014-2005',
  email: 'support@toolhouse.example',
  address: '1450 Foundry Road, Dayton, OH 45402, USA',
} as const;

/** Header carrying the total number of rows of a paged list. */
export const TOTAL_COUNT_HEADER = 'x-total-count';

/**
 * Header naming where the next page of the catalogue starts (`GET /api/items?after=<it>`); absent on
 * the last page. Opaque: clients pass it back as it is.
 */
export const NEXT_CURSOR_HEADER = 'x-next-cursor';

/**
 * A catalogue search counts its matches up to this many: past it, `X-Total-Count` says this many
 * and Our Tools says "10,000+" (decision 026).
 */
export const SEARCH_COUNT_MAX = 10_000;
