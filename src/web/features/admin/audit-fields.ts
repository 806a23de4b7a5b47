import { formatUsd, preview } from '../../../shared/text';
import { ORDER_STATE_SENTENCES } from '../../lib/order-state-labels';
import { TAX_CLASS_LABELS } from '../../lib/tax-class-labels';

/**
 * How the Activity log words a snapshot's fields (issue 28): the names people know the field by,
 * money as money, yes/no, dates as dates, and no database ids (the Target column has the id the
 * entry is about; other ids mean nothing to a reader, so a change to one is said without it).
 */
type FieldKind = 'text' | 'money' | 'yesNo' | 'count' | 'date' | 'bytes' | 'status' | 'role' | 'hiddenId' | 'place' | 'list' | 'rating' | 'percent' | 'taxClass';

interface FieldWords {
  label: string;
  kind?: FieldKind;
  /** What a null value means for this field ("every admin"), where "—" would read as lost data. */
  none?: string;
}

const FIELDS: Record<string, FieldWords> = {
  name: { label: 'Name' },
  productName: { label: 'Tool' },
  userName: { label: 'Name' },
  email: { label: 'Email' },
  text: { label: 'Review' },
  rating: { label: 'Rating', kind: 'rating' },
  hidden: { label: 'Hidden', kind: 'yesNo' },
  status: { label: 'Status', kind: 'status' },
  role: { label: 'Role', kind: 'role' },
  handled: { label: 'Handled', kind: 'yesNo' },
  price: { label: 'Price', kind: 'money' },
  quantity: { label: 'Quantity' },
  total: { label: 'Total', kind: 'money' },
  amount: { label: 'Amount', kind: 'money' },
  availableQty: { label: 'In stock' },
  minQty: { label: 'Minimum order' },
  paid: { label: 'Paid', kind: 'yesNo' },
  description: { label: 'Description' },
  image: { label: 'Photo' },
  photos: { label: 'Photos', kind: 'count' },
  specs: { label: 'Specifications', kind: 'list' },
  sku: { label: 'SKU' },
  slug: { label: 'Web address' },
  categoryId: { label: 'Category', kind: 'hiddenId' },
  parentId: { label: 'Place', kind: 'place' },
  position: { label: 'Position in its list' },
  lowStockThreshold: { label: 'Low-stock mark', none: "the store's" },
  number: { label: 'Order' },
  createdAt: { label: 'Created', kind: 'date' },
  reason: { label: 'Why' },
  transactionId: { label: 'Payment' },
  refundId: { label: 'Refund' },
  error: { label: 'Error' },
  carrier: { label: 'Carrier' },
  trackingNumber: { label: 'Tracking number' },
  trackingUrl: { label: 'Tracking link' },
  address: { label: 'Address' },
  phone: { label: 'Phone' },
  companyName: { label: 'Company name' },
  companyAddress: { label: 'Company address' },
  taxId: { label: 'Tax id', none: 'none' },
  notifyEmail: { label: 'Owner notices go to', none: 'every admin' },
  country: { label: 'Country' },
  pricesIncludeTax: { label: 'Prices include tax', kind: 'yesNo' },
  size: { label: 'Size', kind: 'bytes' },
  bytes: { label: 'Size', kind: 'bytes' },
  version: { label: 'Version' },
  characters: { label: 'Length (characters)' },
  percent: { label: 'Rate', kind: 'percent' },
  region: { label: 'Region', none: 'whole country' },
  taxClass: { label: 'Tax class', kind: 'taxClass' },
  toolId: { label: 'Tool', kind: 'hiddenId' },
};

/** Fields that say most about a thing, shown first. */
const FIRST_FIELDS = ['name', 'productName', 'userName', 'email', 'text', 'rating', 'hidden', 'status', 'role', 'handled', 'price', 'quantity', 'total', 'amount', 'availableQty', 'minQty', 'paid'];
/** Never shown: the entry's own id (in the Target column), and an order's lines (named in the Target column). */
const SKIPPED_FIELDS = new Set(['_id', 'id', 'lines']);

/** A snapshot's fields worth showing, the telling ones first. */
export function fieldsOf(keys: string[]): string[] {
  const rank = (key: string) => {
    const index = FIRST_FIELDS.indexOf(key);
    return index === -1 ? FIRST_FIELDS.length : index;
  };
  return keys.filter((key) => !SKIPPED_FIELDS.has(key)).sort((a, b) => rank(a) - rank(b));
}

/** "trackingUrl" → "Tracking url": a field the table does not know yet still reads as words. */
const wordsOf = (key: string) => {
  const spaced = key.replace(/[_-]+/g, ' ').replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase();
  return spaced.charAt(0).toUpperCase() + spaced.slice(1);
};

export const fieldLabel = (key: string) => FIELDS[key]?.label ?? wordsOf(key);

/** Whether a field's value is kept out of the log's words (an id), so only the change is said. */
export const isHiddenValue = (key: string) => FIELDS[key]?.kind === 'hiddenId';

const MAX_VALUE_CHARS = 40;
const when = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });
const count = new Intl.NumberFormat('en-US');
const kilobytes = new Intl.NumberFormat('en-US', { maximumFractionDigits: 1 });

/** "240 KB", "1.4 MB". */
export function formatBytes(bytes: number): string {
  if (bytes < 1024 * 1024) return `${kilobytes.format(Math.max(1, Math.round(bytes / 1024)))} KB`;
  return `${kilobytes.format(bytes / (1024 * 1024))} MB`;
}

const STATUS_WORDS: Record<string, string> = ORDER_STATE_SENTENCES;
const ROLE_WORDS: Record<string, string> = { admin: 'Admin', customer: 'Customer' };
const TAX_CLASS_WORDS: Record<string, string> = TAX_CLASS_LABELS;

/** A field's value in words. */
export function formatField(key: string, value: unknown): string {
  const words = FIELDS[key];
  if (value === null || value === undefined) return words?.none ?? (words?.kind === 'place' ? 'top level' : '—');
  switch (words?.kind) {
    case 'money':
      return typeof value === 'number' ? formatUsd(value) : String(value);
    case 'yesNo':
      return value === true ? 'yes' : value === false ? 'no' : String(value);
    case 'count':
      return Array.isArray(value) ? count.format(value.length) : String(value);
    case 'list':
      return Array.isArray(value) ? `${count.format(value.length)} ${value.length === 1 ? 'line' : 'lines'}` : String(value);
    case 'date':
      return typeof value === 'string' && !Number.isNaN(Date.parse(value)) ? when.format(new Date(value)) : String(value);
    case 'bytes':
      return typeof value === 'number' ? formatBytes(value) : String(value);
    case 'status':
      return typeof value === 'string' ? (STATUS_WORDS[value] ?? value) : String(value);
    case 'role':
      return typeof value === 'string' ? (ROLE_WORDS[value] ?? value) : String(value);
    case 'place':
      return 'under another category';
    case 'rating':
      return typeof value === 'number' ? `${value} of 5` : String(value);
    case 'percent':
      return typeof value === 'number' ? `${value}%` : String(value);
    case 'taxClass':
      return typeof value === 'string' ? (TAX_CLASS_WORDS[value] ?? value) : String(value);
    default:
      break;
  }
  if (typeof value === 'string') return preview(value, MAX_VALUE_CHARS, '…');
  if (typeof value === 'number') return count.format(value);
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  if (Array.isArray(value)) return `${count.format(value.length)} ${value.length === 1 ? 'item' : 'items'}`;
  return preview(JSON.stringify(value), MAX_VALUE_CHARS, '…');
}

/**
 * Fields a snapshot leaves out when they are unset (a tool's own low-stock mark): missing after an
 * edit, they were removed. Any other field missing from one side was simply not recorded there.
 */
export const OMITTED_WHEN_UNSET = new Set(['lowStockThreshold']);
