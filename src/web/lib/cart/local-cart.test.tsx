import { act, render, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { LIMITS } from '../../../shared';
import { localCart, useLocalCart } from './local-cart';

const STORAGE_KEY = 'toolhouse.cart';
const stored = () => JSON.parse(localStorage.getItem(STORAGE_KEY) ?? 'null') as unknown;

beforeEach(() => {
  localCart.clear();
});

describe("a visitor's cart in this browser", () => {
  it('is kept in localStorage: adding a tool again adds to its quantity; set, remove and clear change it', () => {
    localCart.add('tool-a', 2);
    localCart.add('tool-b', 1);
    localCart.add('tool-a', 3);
    expect(stored()).toEqual([
      { toolId: 'tool-a', quantity: 5 },
      { toolId: 'tool-b', quantity: 1 },
    ]);

    localCart.set('tool-b', 7);
    localCart.remove('tool-a');
    expect(stored()).toEqual([{ toolId: 'tool-b', quantity: 7 }]);

    localCart.clear();
    expect(localStorage.getItem(STORAGE_KEY)).toBeNull();
    expect(localCart.lines()).toEqual([]);
  });

  it('never holds more of a tool than an order may', () => {
    localCart.add('tool-a', LIMITS.quantityMax - 1);
    localCart.add('tool-a', 5);
    expect(localCart.lines()).toEqual([{ toolId: 'tool-a', quantity: LIMITS.quantityMax }]);
  });

  it(`has room for ${LIMITS.orderLinesMax} different tools; a new one beyond that is refused, more of one already in it is not`, () => {
    for (let i = 0; i < LIMITS.orderLinesMax; i += 1) expect(localCart.add(`tool-${i}`, 1)).toBe(true);
    expect(localCart.add('tool-one-too-many', 1)).toBe(false);
    expect(localCart.add('tool-0', 1)).toBe(true);
    expect(localCart.lines()).toHaveLength(LIMITS.orderLinesMax);
    expect(localCart.lines()[0]).toEqual({ toolId: 'tool-0', quantity: 2 });
  });

  it('survives a reload: a new page reads it back, leaving out anything that is not a cart line', async () => {
    localStorage.setItem(
      STORAGE_KEY,
      JSON.stringify([{ toolId: 'tool-a', quantity: 2 }, { toolId: 'tool-b', quantity: 0 }, { toolId: 7, quantity: 1 }, 'junk', { toolId: 'tool-c', quantity: 1.5 }]),
    );
    vi.resetModules();
    const reloaded = await import('./local-cart');
    expect(reloaded.localCart.lines()).toEqual([{ toolId: 'tool-a', quantity: 2 }]);
  });

  it('is empty on a new page when what is stored cannot be read', async () => {
    localStorage.setItem(STORAGE_KEY, '{not json');
    vi.resetModules();
    const reloaded = await import('./local-cart');
    expect(reloaded.localCart.lines()).toEqual([]);
  });

  it("shows what another tab of this browser changed", () => {
    function CartCount() {
      return <p>{useLocalCart().length} tools</p>;
    }
    render(<CartCount />);
    expect(screen.getByText('0 tools')).toBeTruthy();

    // Another tab writes the cart; this one hears of it through the storage event.
    localStorage.setItem(STORAGE_KEY, JSON.stringify([{ toolId: 'tool-a', quantity: 1 }, { toolId: 'tool-b', quantity: 4 }]));
    act(() => void window.dispatchEvent(new StorageEvent('storage', { key: STORAGE_KEY })));
    expect(screen.getByText('2 tools')).toBeTruthy();
  });
});
