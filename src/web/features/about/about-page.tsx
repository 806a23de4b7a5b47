import { Link } from 'react-router';
import { COMPANY } from '../../../shared';
import { paths } from '../../config/paths';
import { ABOUT_US_HEAD } from '../../../shared/page-heads';
import { useDocumentHead } from '../../lib/document-head';

const iconClass = 'h-7 w-7';

const values = [
  {
    title: 'Quality',
    text: 'Every tool is built in our own plant and tested before it leaves the line.',
    icon: (
      <svg aria-hidden="true" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={1.8} className={iconClass}>
        <path strokeLinecap="round" strokeLinejoin="round" d="M12 3l7 3v6c0 4.5-3 7.5-7 9-4-1.5-7-4.5-7-9V6l7-3z M9 12l2 2 4-4" />
      </svg>
    ),
  },
  {
    title: 'Free shipping',
    text: 'Delivery costs you nothing, whatever the size of the order.',
    icon: (
      <svg aria-hidden="true" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={1.8} className={iconClass}>
        <path strokeLinecap="round" strokeLinejoin="round" d="M3 6h11v10H3z M14 9h4l3 3v4h-7 M7 19a2 2 0 100-4 2 2 0 000 4z M17 19a2 2 0 100-4 2 2 0 000 4z" />
      </svg>
    ),
  },
  {
    title: 'Support',
    text: 'Our engineers answer questions about choosing, using and servicing your tools.',
    icon: (
      <svg aria-hidden="true" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={1.8} className={iconClass}>
        <path strokeLinecap="round" strokeLinejoin="round" d="M4 13v-1a8 8 0 0116 0v1 M4 13h3v6H5a1 1 0 01-1-1v-5z M20 13h-3v6h2a1 1 0 001-1v-5z M17 19c0 1.5-2 2-5 2" />
      </svg>
    ),
  },
];

export default function AboutPage() {
  useDocumentHead(ABOUT_US_HEAD);
  const years = new Date().getFullYear() - COMPANY.founded;
  const phoneHref = `tel:${COMPANY.phone.replace(/[^+\d]/g, '')}`;

  return (
    <div className="mx-auto max-w-7xl px-4 py-12 lg:py-16">
      <header className="mx-auto max-w-3xl text-center">
        <p className="text-sm font-semibold tracking-wider text-primary uppercase">{COMPANY.name}</p>
        <h1 className="mt-2 text-4xl font-extrabold tracking-tight sm:text-5xl">About Us</h1>
        <p className="mt-5 text-lg text-base-content/80">
          Founded in {COMPANY.founded}, we have spent {years} years manufacturing computer and industrial tools for
          workshops, factories, repair benches and data centers.
        </p>
      </header>

      <div className="mt-12 grid gap-10 lg:grid-cols-[3fr_2fr]">
        <section aria-labelledby="about-story-heading" className="space-y-4 text-base-content/80">
          <h2 id="about-story-heading" className="text-2xl font-bold text-base-content">
            Our story
          </h2>
          <p>
            {COMPANY.name} was founded in {COMPANY.founded} as a small machine shop making bench vises and torque
            wrenches. Today we design and build everything from precision screwdriver kits and soldering stations to
            hydraulic jacks and thermal cameras.
          </p>
          <p>
            Quality comes first: we choose our materials carefully, calibrate our measuring tools in-house and test
            each batch before it ships. Because we sell directly, our prices stay reasonable.
          </p>
          <p className="font-medium text-base-content">Shipping is free on every order.</p>
          <Link to={paths.ourTools} className="btn btn-primary mt-2">
            Browse our tools
          </Link>
        </section>

        <section aria-labelledby="about-contact-heading" className="card h-fit bg-base-200 p-6">
          <h2 id="about-contact-heading" className="text-2xl font-bold">
            Contact details
          </h2>
          <address className="mt-4 space-y-3 not-italic">
            <p>{COMPANY.address}</p>
            <p>
              <span className="text-base-content/80">Phone: </span>
              <a className="link link-primary" href={phoneHref}>{COMPANY.phone}</a>
            </p>
            <p>
              <span className="text-base-content/80">Email: </span>
              <a className="link link-primary" href={`mailto:${COMPANY.email}`}>{COMPANY.email}</a>
            </p>
          </address>
        </section>
      </div>

      <section aria-labelledby="about-values-heading" className="mt-16">
        <h2 id="about-values-heading" className="text-center text-3xl font-bold">
          What we stand for
        </h2>
        <ul className="mt-8 grid gap-6 md:grid-cols-3">
          {values.map((value) => (
            <li key={value.title} className="card border border-base-300 bg-base-100 p-6 shadow-sm">
              <span className="flex h-14 w-14 items-center justify-center rounded-full bg-primary/10 text-primary">
                {value.icon}
              </span>
              <h3 className="mt-4 text-xl font-semibold">{value.title}</h3>
              <p className="mt-2 text-base-content/80">{value.text}</p>
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}
