import type { AuditActionName } from '../../../shared/schemas/admin';
import { preview } from '../../../shared/text';

type Snapshot = Record<string, unknown>;

const isSnapshot = (value: unknown): value is Snapshot => typeof value === 'object' && value !== null && !Array.isArray(value);

/** Fields that say most about a thing, shown first; ids are in the Target column already. */
const FIRST_FIELDS = [
  'name',
  'productName',
  'userName',
  'email',
  'text',
  'rating',
  'hidden',
  'status',
  'role',
  'handled',
  'price',
  'quantity',
  'total',
  'availableQty',
  'minQty',
  'paid',
];
const SKIPPED_FIELDS = new Set(['_id', 'id']);

/** A snapshot's fields, the telling ones first, without ids. */
function fieldsOf(snapshot: Snapshot): string[] {
  const keys = Object.keys(snapshot).filter((key) => !SKIPPED_FIELDS.has(key));
  const rank = (key: string) => {
    const index = FIRST_FIELDS.indexOf(key);
    return index === -1 ? FIRST_FIELDS.length : index;
  };
  return keys.sort((a, b) => rank(a) - rank(b));
}

/** How many field lines one entry shows; the rest is counted. */
const MAX_LINES = 4;
const MAX_VALUE_CHARS = 40;

function formatValue(value: unknown): string {
  if (value === null || value === undefined) return '—';
  if (typeof value === 'string') return preview(value, MAX_VALUE_CHARS, '…');
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return preview(JSON.stringify(value), MAX_VALUE_CHARS, '…');
}

/** A text field of the entry, from after the change, else from before; null when neither has it. */
function textOf(before: unknown, after: unknown, key: string): string | null {
  for (const snapshot of [after, before]) {
    const value = isSnapshot(snapshot) ? snapshot[key] : undefined;
    if (typeof value === 'string' && value.trim() !== '') return value;
  }
  return null;
}

function numberOf(before: unknown, after: unknown, key: string): number | null {
  for (const snapshot of [after, before]) {
    const value = isSnapshot(snapshot) ? snapshot[key] : undefined;
    if (typeof value === 'number' && Number.isFinite(value)) return value;
  }
  return null;
}

/** How much of a review's text names it. */
const REVIEW_TEXT_CHARS = 60;

/** How many tools an order's name lists before "and N more". */
const MAX_NAMED_TOOLS = 2;

/** "2 × Torque Wrench, 1 × Vise" from an order snapshot's lines, when it has them. */
function toolsOf(before: unknown, after: unknown): string | null {
  const snapshot = isSnapshot(before) && Array.isArray(before.lines) ? before : isSnapshot(after) && Array.isArray(after.lines) ? after : null;
  if (!snapshot) return null;
  const lines = (snapshot.lines as unknown[]).filter(isSnapshot).flatMap((line) =>
    typeof line.productName === 'string' ? [`${typeof line.quantity === 'number' ? `${line.quantity} × ` : ''}${preview(line.productName, MAX_VALUE_CHARS, '…')}`] : [],
  );
  if (lines.length === 0) return null;
  const named = lines.slice(0, MAX_NAMED_TOOLS).join(', ');
  return lines.length > MAX_NAMED_TOOLS ? `${named} and ${lines.length - MAX_NAMED_TOOLS} more` : named;
}

/** "Dana Miller (dana@example.com)", or whichever of the two is known. */
function person(name: string | null, email: string | null): string | null {
  if (name && email) return `${name} (${email})`;
  return name ?? email;
}

function orderName(before: unknown, after: unknown, subject = 'Order'): string | null {
  const number = textOf(before, after, 'number');
  const email = textOf(before, after, 'email');
  const tools = toolsOf(before, after);
  if (!number && !email && !tools) return null;
  let words = number ? `${subject} ${number}` : subject;
  if (email) words += ` of ${email}`;
  if (tools) words += `: ${tools}`;
  return words;
}

/**
 * What an audit entry is about, in words: "Tool 'Torque Wrench'", "Order TH-100042 of
 * dana@example.com", "User Dana Miller (dana@example.com)", from whatever its snapshots hold.
 * Null when they name nothing (the Target column then shows the id alone).
 */
export function auditTargetName(action: AuditActionName | string, before: unknown, after: unknown): string | null {
  const [kind] = action.split('.');
  const name = textOf(before, after, 'name');
  const email = textOf(before, after, 'email');
  const userName = textOf(before, after, 'userName');
  switch (kind) {
    case 'tool':
      return name ? `Tool '${name}'` : null;
    case 'order':
      return orderName(before, after);
    case 'payment': {
      const order = textOf(before, after, 'number');
      if (!email && !order) return null;
      return `Payment${email ? ` of ${email}` : ''}${order ? ` for order ${order}` : ''}`;
    }
    case 'user': {
      const who = person(userName, email);
      return who ? `User ${who}` : null;
    }
    case 'review': {
      const who = person(userName, email);
      const text = textOf(before, after, 'text');
      return `Review${who ? ` by ${who}` : ''}${text ? `: “${preview(text, REVIEW_TEXT_CHARS, '…')}”` : ''}`;
    }
    case 'query': {
      const who = person(name, email);
      return who ? `Message from ${who}` : null;
    }
    case 'image': {
      const width = numberOf(before, after, 'width');
      const height = numberOf(before, after, 'height');
      return width && height ? `Photo ${width}×${height}` : 'Photo';
    }
    case 'settings':
      return 'Store settings';
    default:
      return name ?? textOf(before, after, 'productName') ?? email;
  }
}

/**
 * A compact before → after summary of an audit entry: the changed fields of an edit, or the main
 * fields of something added or deleted. At most four lines, then "+N more".
 */
export function auditChangeLines(before: unknown, after: unknown): string[] {
  let lines: string[];
  if (isSnapshot(before) && isSnapshot(after)) {
    const keys = fieldsOf({ ...before, ...after });
    lines = keys
      .filter((key) => JSON.stringify(before[key]) !== JSON.stringify(after[key]))
      .map((key) => `${key}: ${formatValue(before[key])} → ${formatValue(after[key])}`);
  } else if (isSnapshot(after) || isSnapshot(before)) {
    const snapshot = (isSnapshot(after) ? after : before) as Snapshot;
    lines = fieldsOf(snapshot).map((key) => `${key}: ${formatValue(snapshot[key])}`);
  } else {
    lines = before === after || (before == null && after == null) ? [] : [`${formatValue(before)} → ${formatValue(after)}`];
  }
  if (lines.length <= MAX_LINES) return lines;
  return [...lines.slice(0, MAX_LINES), `+${lines.length - MAX_LINES} more`];
}
