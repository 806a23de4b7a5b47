const projects = [
  {
    image: '/images/projects/factory-automation.svg',
    alt: 'Robot arm working on an automated packaging line',
    tag: 'Manufacturing',
    title: 'Factory Automation Retrofit',
    description:
      'We supplied torque tools, calibrated meters and ESD-safe workstations for a 40-robot packaging line retrofit, finished two weeks ahead of schedule.',
  },
  {
    image: '/images/projects/data-center-fitout.svg',
    alt: 'Server racks and overhead cable trays in a data center',
    tag: 'IT infrastructure',
    title: 'Data Center Fit-Out',
    description:
      'Crimpers, cable testers and precision drivers kept a 1,200-rack fit-out on track. Every tool was delivered free to the site.',
  },
  {
    image: '/images/projects/bridge-maintenance.svg',
    alt: 'Steel truss bridge with a maintenance work platform',
    tag: 'Civil engineering',
    title: 'Bridge Maintenance Program',
    description:
      'Hydraulic jacks, thermal cameras and laser meters support a multi-year inspection and repair program on regional steel bridges.',
  },
] as const;

export function RecentProjectsSection() {
  return (
    <section aria-labelledby="recent-projects-heading" className="mx-auto max-w-7xl px-4 py-16">
      <div className="mb-10 text-center">
        <h2 id="recent-projects-heading" className="text-3xl font-bold sm:text-4xl">
          Our Recent Industry Project
        </h2>
        <p className="mt-3 text-base-content/80">Where our tools are at work right now.</p>
      </div>
      <ul className="grid gap-6 md:grid-cols-3">
        {projects.map((project) => (
          <li key={project.title}>
            <article className="card h-full overflow-hidden border border-base-300 bg-base-100 shadow-sm">
              <figure>
                <img
                  src={project.image}
                  alt={project.alt}
                  width={400}
                  height={260}
                  loading="lazy"
                  className="aspect-[20/13] w-full object-cover"
                />
              </figure>
              <div className="card-body gap-2">
                <p className="text-xs font-semibold tracking-wider text-primary uppercase">{project.tag}</p>
                <h3 className="card-title">{project.title}</h3>
                <p className="text-base-content/80">{project.description}</p>
              </div>
            </article>
          </li>
        ))}
      </ul>
    </section>
  );
}
