import type { ReactNode } from 'react';

interface Figure {
  value: string;
  label: string;
  icon: ReactNode;
}

const iconProps = {
  'aria-hidden': true,
  viewBox: '0 0 24 24',
  fill: 'none',
  stroke: 'currentColor',
  strokeWidth: 1.8,
  strokeLinecap: 'round',
  strokeLinejoin: 'round',
  className: 'h-8 w-8',
} as const;

const figures: Figure[] = [
  {
    value: '32+',
    label: 'Countries',
    icon: (
      <svg {...iconProps}>
        <circle cx="12" cy="12" r="9" />
        <path d="M3 12h18M12 3a14 14 0 010 18M12 3a14 14 0 000 18" />
      </svg>
    ),
  },
  {
    value: '45.9K+',
    label: 'Happy Clients',
    icon: (
      <svg {...iconProps}>
        <circle cx="9" cy="8" r="3.5" />
        <path d="M2.5 20a6.5 6.5 0 0113 0M16 4.5a3.5 3.5 0 010 7M18 14a6.5 6.5 0 013.5 6" />
      </svg>
    ),
  },
  {
    value: '38.5K+',
    label: 'Reviews',
    icon: (
      <svg {...iconProps}>
        <path d="M4 5h16v11H9l-5 4V5z" />
        <path d="M12 8l1 2 2.2.3-1.6 1.5.4 2.2-2-1-2 1 .4-2.2-1.6-1.5L11 10l1-2z" />
      </svg>
    ),
  },
];

export function BusinessSummarySection() {
  return (
    <section aria-labelledby="business-summary-heading" className="bg-base-200">
      <div className="mx-auto max-w-7xl px-4 py-16">
        <div className="mb-10 text-center">
          <h2 id="business-summary-heading" className="text-3xl font-bold sm:text-4xl">
            Business Summary
          </h2>
          <p className="mt-3 text-base-content/80">Trusted by workshops, factories and IT teams around the world.</p>
        </div>
        <ul className="grid gap-6 sm:grid-cols-3">
          {figures.map((figure) => (
            <li key={figure.label} className="card items-center bg-base-100 p-8 text-center shadow-sm">
              <span className="flex h-16 w-16 items-center justify-center rounded-full bg-primary/10 text-primary">
                {figure.icon}
              </span>
              <p className="mt-4 text-4xl font-extrabold">{figure.value}</p>
              <p className="mt-1 font-medium text-base-content/80">{figure.label}</p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
