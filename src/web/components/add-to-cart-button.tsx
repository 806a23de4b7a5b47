import { useState } from 'react';
import { canBeBought, type Tool } from '../../shared';
import { notify } from '../lib/toast';
import { useCart } from '../lib/cart/use-cart';

interface AddToCartButtonProps {
  tool: Tool;
  /** How many to add; a tool card adds the tool's minimum order. */
  quantity?: number;
  /** Ties the button to its tool for screen readers (the card's heading). */
  describedBy?: string;
  className?: string;
}

/**
 * Adds a tool to the cart (the visitor's or the customer's). Admins, who do not buy, get no button;
 * while the sign-in is being checked it is drawn disabled, so the page does not shift when it is known.
 */
export function AddToCartButton({ tool, quantity = tool.minQty, describedBy, className = 'btn btn-outline btn-primary btn-block' }: AddToCartButtonProps) {
  const cart = useCart();
  const [adding, setAdding] = useState(false);
  if (cart.owner === 'admin') return null;

  const add = async () => {
    setAdding(true);
    try {
      await cart.add(tool._id, quantity);
      notify.success(`Added to your cart: ${quantity} × ${tool.name}`);
    } catch (error) {
      notify.failure(error);
    } finally {
      setAdding(false);
    }
  };

  return (
    <button
      type="button"
      className={className}
      onClick={() => void add()}
      disabled={adding || cart.owner === 'pending' || !canBeBought(tool)}
      aria-busy={adding || undefined}
      aria-describedby={describedBy}
    >
      Add to cart
    </button>
  );
}
