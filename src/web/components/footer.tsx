import { Link } from 'react-router';
import { COMPANY } from '../../shared';
import { LEGAL_PAGE_NAMES, LEGAL_PAGES } from '../../shared/legal-pages';
import { paths } from '../config/paths';

/** One style for the footer's column headings, whatever the column's own text size. */
const HEADING = 'text-base font-semibold';

export function Footer() {
  const year = new Date().getFullYear();
  return (
    <footer className="mt-16 bg-neutral text-neutral-content">
      <div className="mx-auto grid max-w-7xl gap-8 px-4 py-10 sm:grid-cols-2 lg:grid-cols-4">
        <div>
          <p className="text-lg font-bold">{COMPANY.name}</p>
          <p className="mt-2 text-sm opacity-90">
            Quality computer and industrial tools since {COMPANY.founded}. Free delivery on every order.
          </p>
        </div>
        <nav aria-label="Footer">
          <h2 className={HEADING}>Store</h2>
          <ul className="mt-2 space-y-1 text-sm">
            <li><Link className="link-hover link" to={paths.ourTools}>Our tools</Link></li>
            <li><Link className="link-hover link" to={paths.aboutUs}>About us</Link></li>
            <li><Link className="link-hover link" to={paths.contactUs}>Contact us</Link></li>
          </ul>
        </nav>
        <nav aria-label="Legal">
          <h2 className={HEADING}>Legal</h2>
          <ul className="mt-2 space-y-1 text-sm">
            {LEGAL_PAGES.map((page) => (
              <li key={page}><Link className="link-hover link" to={paths[page]}>{LEGAL_PAGE_NAMES[page]}</Link></li>
            ))}
          </ul>
        </nav>
        <div>
          <h2 className={HEADING}>Get in touch</h2>
          <address className="mt-2 text-sm not-italic">
            <p>{COMPANY.address}</p>
            <p><a className="link-hover link" href={`tel:${COMPANY.phone.replace(/[^+\d]/g, '')}`}>{COMPANY.phone}</a></p>
            <p><a className="link-hover link" href={`mailto:${COMPANY.email}`}>{COMPANY.email}</a></p>
          </address>
        </div>
      </div>
      <p className="border-t border-white/10 py-4 text-center text-sm opacity-90">
        Copyright © {year} {COMPANY.name}. All rights reserved.
      </p>
    </footer>
  );
}
