import { PREVIEW, preview } from '../../../../shared';

const news = [
  {
    image: '/images/news/news-1.svg',
    alt: 'Industrial robot arm',
    date: '2025-05-12',
    title: 'Automation investment in mid-size factories hits record high this year',
    excerpt: 'Surveyed plants plan to spend more on robotics and smart tooling than in any year before.',
  },
  {
    image: '/images/news/news-2.svg',
    alt: 'Shipping containers and a gantry crane at a port',
    date: '2025-04-28',
    title: 'Port congestion eases as manufacturers rethink their tool supply chains',
    excerpt: 'Shorter shipping queues are cutting lead times for imported parts and raw materials.',
  },
  {
    image: '/images/news/news-3.svg',
    alt: 'Solar-powered factory with a wind turbine',
    date: '2025-04-09',
    title: 'Solar and wind power now run a growing share of industrial production sites',
    excerpt: 'On-site renewables are helping plants cut energy bills and meet new emissions targets.',
  },
] as const;

const dateFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' });

export function NewsSection() {
  return (
    <section aria-labelledby="news-heading" className="bg-base-200">
      <div className="mx-auto max-w-7xl px-4 py-16">
        <div className="mb-10 text-center">
          <h2 id="news-heading" className="text-3xl font-bold sm:text-4xl">
            Industrial Current Affairs
          </h2>
          <p className="mt-3 text-base-content/80">News from the industries we build tools for.</p>
        </div>
        <ul className="grid gap-6 md:grid-cols-3">
          {news.map((item) => (
            <li key={item.title}>
              <article className="card h-full overflow-hidden bg-base-100 shadow-sm">
                <figure>
                  <img
                    src={item.image}
                    alt={item.alt}
                    width={400}
                    height={240}
                    loading="lazy"
                    className="aspect-[5/3] w-full object-cover"
                  />
                </figure>
                <div className="card-body gap-2">
                  <time dateTime={item.date} className="text-sm text-base-content/80">
                    {dateFormat.format(new Date(item.date))}
                  </time>
                  <h3 data-testid="news-title" title={item.title} className="card-title leading-snug">
                    {preview(item.title, PREVIEW.newsTitle, '..')}
                  </h3>
                  <p className="text-base-content/80">{item.excerpt}</p>
                </div>
              </article>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
