import { useEffect, useRef } from 'react';
import { Loading } from '../../components/loading';
import { ToolCard } from '../../components/tool-card';
import { useAllItems } from './api/get-items';

const PAGE_SIZE = 24;

export default function OurToolsPage() {
  const { data, isPending, isError, refetch, hasNextPage, fetchNextPage, isFetchingNextPage } = useAllItems(PAGE_SIZE);
  const sentinel = useRef<HTMLDivElement>(null);

  // Load the next page when the visitor scrolls near the end of the grid.
  useEffect(() => {
    const node = sentinel.current;
    if (!node || !hasNextPage) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting) && !isFetchingNextPage) void fetchNextPage();
      },
      { rootMargin: '600px' },
    );
    observer.observe(node);
    return () => observer.disconnect();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage]);

  const tools = data?.pages.flatMap((page) => page.items) ?? [];
  const total = data?.pages[0]?.total ?? 0;

  return (
    <section className="mx-auto max-w-7xl px-4 py-12" aria-labelledby="our-tools-title">
      <h1 id="our-tools-title" className="text-4xl font-bold">Our Tools</h1>
      <p className="mt-2 text-base-content/80">
        Every tool ships free. {total > 0 ? `${total} tools in the catalogue.` : null}
      </p>
      {isPending ? <Loading label="Loading tools" /> : null}
      {isError ? (
        <div role="alert" className="alert alert-error mt-8">
          <span>The tools could not be loaded.</span>
          <button type="button" className="btn btn-sm" onClick={() => void refetch()}>Try again</button>
        </div>
      ) : null}
      <div className="mt-8 grid grid-cols-1 gap-6 md:grid-cols-2 lg:grid-cols-3">
        {tools.map((tool) => (
          <ToolCard key={tool._id} tool={tool} />
        ))}
      </div>
      <div ref={sentinel} aria-hidden="true" />
      {isFetchingNextPage ? <Loading label="Loading more tools" /> : null}
      {hasNextPage && !isFetchingNextPage ? (
        <div className="mt-8 text-center">
          <button type="button" className="btn btn-outline" onClick={() => void fetchNextPage()}>
            Load more tools
          </button>
        </div>
      ) : null}
    </section>
  );
}
