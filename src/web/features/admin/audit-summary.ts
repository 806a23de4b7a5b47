import { preview } from '../../../shared/text';

type Snapshot = Record<string, unknown>;

const isSnapshot = (value: unknown): value is Snapshot => typeof value === 'object' && value !== null && !Array.isArray(value);

/** Fields that say most about a thing, shown first; ids are in the Target column already. */
const FIRST_FIELDS = ['name', 'productName', 'userName', 'email', 'status', 'role', 'handled', 'price', 'quantity', 'total', 'availableQty', 'minQty', 'paid'];
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

/** The thing an entry is about, in words: its name, product name or email, when the snapshot has one. */
export function auditTargetName(before: unknown, after: unknown): string | null {
  const snapshot = isSnapshot(after) ? after : isSnapshot(before) ? before : null;
  if (!snapshot) return null;
  for (const key of ['name', 'productName', 'email']) {
    const value = snapshot[key];
    if (typeof value === 'string' && value.trim() !== '') return value;
  }
  return null;
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
