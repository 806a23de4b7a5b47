import { useSyncExternalStore } from 'react';
import { LIMITS, type CartLine } from '../../../shared';

/**
 * A visitor's cart, in this browser's localStorage: it survives a reload and is shared by the
 * browser's tabs. On sign-in it joins the customer's own cart on the server (use-cart-sync.ts) and
 * is emptied here. Only tool ids and quantities are kept; prices and stock are read afresh.
 */
const STORAGE_KEY = 'toolhouse.cart';

const listeners = new Set<() => void>();
let cached: CartLine[] | null = null;

/** What is stored, with anything that is not a cart line dropped (an old format, a hand edit). */
function parse(raw: string | null): CartLine[] {
  try {
    const value: unknown = JSON.parse(raw ?? '[]');
    if (!Array.isArray(value)) return [];
    return value
      .filter(
        (line): line is CartLine =>
          typeof line === 'object' &&
          line !== null &&
          typeof (line as CartLine).toolId === 'string' &&
          Number.isInteger((line as CartLine).quantity) &&
          (line as CartLine).quantity >= 1,
      )
      .slice(0, LIMITS.orderLinesMax);
  } catch {
    return [];
  }
}

function read(): CartLine[] {
  if (cached === null) {
    try {
      cached = parse(localStorage.getItem(STORAGE_KEY));
    } catch {
      cached = []; // storage blocked (private mode in some browsers): a cart for this page only
    }
  }
  return cached;
}

function write(lines: CartLine[]): void {
  cached = lines;
  try {
    if (lines.length === 0) localStorage.removeItem(STORAGE_KEY);
    else localStorage.setItem(STORAGE_KEY, JSON.stringify(lines));
  } catch {
    // Storage full or blocked: the cart still works until the page is left.
  }
  listeners.forEach((listener) => listener());
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  // Another tab changed the cart.
  const onStorage = (event: StorageEvent) => {
    if (event.key !== STORAGE_KEY && event.key !== null) return;
    cached = null;
    listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

/** What a server-rendered page shows before the browser takes over: no cart (the server knows none). */
const NONE_ON_THE_SERVER: CartLine[] = [];
const serverSnapshot = () => NONE_ON_THE_SERVER;

export function useLocalCart(): CartLine[] {
  return useSyncExternalStore(subscribe, read, serverSnapshot);
}

export const localCart = {
  lines: read,
  /** Adds on top of what is there, as 'Add to cart' does. False when the cart has no room for a new tool. */
  add(toolId: string, quantity: number): boolean {
    const lines = read();
    const existing = lines.find((line) => line.toolId === toolId);
    if (!existing && lines.length >= LIMITS.orderLinesMax) return false;
    write(
      existing
        ? lines.map((line) => (line.toolId === toolId ? { toolId, quantity: Math.min(line.quantity + quantity, LIMITS.quantityMax) } : line))
        : [...lines, { toolId, quantity }],
    );
    return true;
  },
  set(toolId: string, quantity: number): void {
    write(read().map((line) => (line.toolId === toolId ? { toolId, quantity } : line)));
  },
  remove(toolId: string): void {
    write(read().filter((line) => line.toolId !== toolId));
  },
  clear(): void {
    write([]);
  },
};
