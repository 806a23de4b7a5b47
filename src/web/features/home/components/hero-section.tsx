import { Link } from 'react-router';
import { paths } from '../../../config/paths';

export function HeroSection() {
  return (
    <section aria-labelledby="hero-heading" className="bg-gradient-to-b from-base-200 to-base-100">
      <div className="mx-auto grid max-w-7xl items-center gap-10 px-4 py-14 lg:grid-cols-2 lg:py-20">
        <div className="text-center lg:text-left">
          <p className="text-sm font-semibold tracking-wider text-primary uppercase">Built for workshops and data centers</p>
          <h1 id="hero-heading" className="mt-3 text-4xl font-extrabold tracking-tight text-balance sm:text-5xl">
            Quality computer &amp; industrial tools
          </h1>
          <p className="mx-auto mt-5 max-w-xl text-lg text-base-content/80 lg:mx-0">
            Quality computer tools at a reasonable price, with no delivery charge.
          </p>
          <div className="mt-8 flex flex-wrap justify-center gap-3 lg:justify-start">
            <Link to={paths.ourTools} className="btn btn-primary btn-lg">
              Explore Now
            </Link>
          </div>
          <ul className="mt-8 flex flex-wrap justify-center gap-x-6 gap-y-2 text-sm text-base-content/80 lg:justify-start">
            {['Free delivery', 'Factory-direct prices', 'Tested before shipping'].map((point) => (
              <li key={point} className="flex items-center gap-2">
                <svg aria-hidden="true" viewBox="0 0 20 20" className="h-4 w-4 fill-current text-success">
                  <path d="M16.7 5.3a1 1 0 010 1.4l-7.5 7.5a1 1 0 01-1.4 0L3.3 9.7a1 1 0 011.4-1.4l3.8 3.8 6.8-6.8a1 1 0 011.4 0z" />
                </svg>
                {point}
              </li>
            ))}
          </ul>
        </div>
        <img
          src="/images/hero.svg"
          alt="Tools on a pegboard wall above a workbench in the ToolHouse workshop"
          width={800}
          height={500}
          fetchPriority="high"
          className="w-full rounded-box shadow-xl"
        />
      </div>
    </section>
  );
}
