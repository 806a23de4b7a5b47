import type { AuditActionName } from '../../../shared/schemas/admin';
import { formatUsd, preview } from '../../../shared/text';
import { fieldLabel, fieldsOf, formatField, isHiddenValue, OMITTED_WHEN_UNSET } from './audit-fields';

type Snapshot = Record<string, unknown>;

const isSnapshot = (value: unknown): value is Snapshot => typeof value === 'object' && value !== null && !Array.isArray(value);

/** How many field lines one entry shows; the rest is counted. */
const MAX_LINES = 4;
const MAX_VALUE_CHARS = 40;

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
    case 'category':
      return name ? `Category '${name}'` : 'Category';
    case 'document':
      return name ? `Document '${name}'` : 'Document';
    case 'settings':
      return 'Store settings';
    default:
      return name ?? textOf(before, after, 'productName') ?? email;
  }
}

/** An amount of money from the entry's snapshots ("$8.98"), null when it has none. */
function moneyOf(before: unknown, after: unknown, key: string): string | null {
  const value = numberOf(before, after, key);
  return value === null ? null : formatUsd(value);
}

/**
 * What happened, said as a sentence, for entries whose fields alone would mislead: a refund's
 * "after" keeps only the new status, so a field list read "total: 898 → —" as if data was lost.
 */
function whatHappened(action: string, before: unknown, after: unknown): string[] | null {
  const email = textOf(before, after, 'email');
  const to = email ? ` to ${email}` : '';
  switch (action) {
    case 'order.refunded': {
      const amount = moneyOf(before, null, 'total');
      const afterShipping = textOf(before, null, 'status') === 'shipped' ? ', after shipping' : '';
      return [`Refunded ${amount ?? 'the order'}${to}${afterShipping}`];
    }
    case 'payment.refunded':
    case 'payment.refund_failed': {
      const amount = moneyOf(before, after, 'amount') ?? 'the payment';
      const head = action === 'payment.refunded' ? `Refunded ${amount}${to}` : `Could not refund ${amount}${to}: refund it by hand`;
      const reason = textOf(before, after, 'reason');
      const error = textOf(before, after, 'error');
      return [head, ...(reason ? [`Why: ${preview(reason, MAX_VALUE_CHARS, '…')}`] : []), ...(error ? [`Error: ${preview(error, MAX_VALUE_CHARS, '…')}`] : [])];
    }
    case 'category.deleted': {
      const moved = numberOf(null, after, 'toolsMoved');
      return moved ? [`${moved} ${moved === 1 ? 'tool' : 'tools'} moved to another category`] : [];
    }
    case 'query.handled': {
      const handled = isSnapshot(after) ? after.handled : undefined;
      return typeof handled === 'boolean' ? [handled ? 'Marked handled' : 'Marked not handled again'] : null;
    }
    default:
      return null;
  }
}

/** "Price: $10.00 → $12.50", or "Category changed" for a field whose value is an id. */
function changeLine(key: string, was: unknown, now: unknown): string {
  if (isHiddenValue(key)) return `${fieldLabel(key)} changed`;
  return `${fieldLabel(key)}: ${formatField(key, was)} → ${formatField(key, now)}`;
}

/** The fields of an edit that changed: in both snapshots and different, new in the second, or removed when unset. */
function editLines(before: Snapshot, after: Snapshot): string[] {
  return fieldsOf(Object.keys({ ...before, ...after })).flatMap((key) => {
    const inBefore = key in before;
    const inAfter = key in after;
    if (inBefore && inAfter) return JSON.stringify(before[key]) === JSON.stringify(after[key]) ? [] : [changeLine(key, before[key], after[key])];
    if (inAfter) return after[key] === null || after[key] === undefined || isHiddenValue(key) ? [] : [`${fieldLabel(key)}: ${formatField(key, after[key])}`];
    // Missing after the change: removed, for a field left out when unset; else simply not recorded.
    return OMITTED_WHEN_UNSET.has(key) ? [changeLine(key, before[key], null)] : [];
  });
}

/** The main fields of something added or deleted. */
function snapshotLines(snapshot: Snapshot): string[] {
  return fieldsOf(Object.keys(snapshot))
    .filter((key) => !isHiddenValue(key))
    .map((key) => `${fieldLabel(key)}: ${formatField(key, snapshot[key])}`);
}

/**
 * A compact summary of an audit entry in people's words: what happened for a refund, the changed
 * fields of an edit, or the main fields of something added or deleted. At most four lines, then
 * "+N more".
 */
export function auditChangeLines(action: AuditActionName | string, before: unknown, after: unknown): string[] {
  let lines = whatHappened(action, before, after);
  if (lines === null) {
    if (isSnapshot(before) && isSnapshot(after)) {
      lines = editLines(before, after);
    } else if (isSnapshot(after) || isSnapshot(before)) {
      lines = snapshotLines((isSnapshot(after) ? after : before) as Snapshot);
    } else if (Array.isArray(before) || Array.isArray(after)) {
      // A list replaced as a whole (the tax rates): how many there were and are.
      const size = (list: unknown) => (Array.isArray(list) ? list.length : 0);
      lines = [`Rates: ${size(before)} → ${size(after)}`];
    } else {
      lines = before === after || (before == null && after == null) ? [] : [`${formatField('', before)} → ${formatField('', after)}`];
    }
  }
  if (lines.length <= MAX_LINES) return lines;
  return [...lines.slice(0, MAX_LINES), `+${lines.length - MAX_LINES} more`];
}
