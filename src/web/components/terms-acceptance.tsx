import { Link } from 'react-router';
import { TERMS_ACCEPTANCE } from '../../shared/legal-pages';
import { paths } from '../config/paths';

/**
 * The line above an order's button: placing it accepts the terms. The link opens the terms in a
 * new tab, so the form (quantity, address, phone, the cart) stays exactly as the buyer left it;
 * the server records which version of the terms the order was placed under (decision 047).
 */
export function TermsAcceptance() {
  return (
    <p className="text-sm text-base-content/80" data-testid="terms-acceptance">
      {TERMS_ACCEPTANCE.before}
      <Link to={paths.terms} target="_blank" rel="noopener noreferrer" className="link link-primary">
        {TERMS_ACCEPTANCE.link}
        <span className="sr-only"> {TERMS_ACCEPTANCE.newTab}</span>
      </Link>
      {TERMS_ACCEPTANCE.after}
    </p>
  );
}
