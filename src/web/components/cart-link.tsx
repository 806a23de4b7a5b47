import { Link } from 'react-router';
import { paths } from '../config/paths';
import { useCart } from '../lib/cart/use-cart';

/** The navbar's cart: an icon with the number of tools in it. Admins (who do not buy) see none. */
export function CartLink() {
  const cart = useCart();
  if (cart.owner === 'admin') return null;
  const count = cart.lines.length;
  const label = count === 0 ? 'Cart, empty' : `Cart, ${count} ${count === 1 ? 'tool' : 'tools'}`;
  return (
    <Link to={paths.cart} className="btn btn-ghost btn-circle relative" aria-label={label} data-testid="cart-link">
      <svg xmlns="http://www.w3.org/2000/svg" className="h-6 w-6" fill="none" viewBox="0 0 24 24" stroke="currentColor" aria-hidden="true">
        <path
          strokeLinecap="round"
          strokeLinejoin="round"
          strokeWidth="2"
          d="M3 3h2l.4 2M7 13h10l3-8H5.4M7 13L5.4 5M7 13l-2 5h13M9 21a1 1 0 100-2 1 1 0 000 2zm8 0a1 1 0 100-2 1 1 0 000 2z"
        />
      </svg>
      {count > 0 ? (
        <span className="badge badge-primary badge-sm absolute -top-0.5 -right-0.5 min-w-5 px-1" aria-hidden="true" data-testid="cart-count">
          {count}
        </span>
      ) : null}
    </Link>
  );
}
