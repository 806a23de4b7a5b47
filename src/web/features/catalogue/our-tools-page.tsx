import { useEffect, useRef } from 'react';
import { Loading } from '../../components/loading';
import { ToolCard } from '../../components/tool-card';
import { useAllItems } from './api/get-items';
import { OurToolsFrame, ToolGrid, ToolGridSkeleton } from './components/our-tools-frame';

const PAGE_SIZE = 24;
/** Cards in the first row on the widest layout: their images are loaded first and at once. */
const FIRST_ROW = 3;

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
    <OurToolsFrame total={total}>
      {isError ? (
        <div role="alert" className="alert alert-error mt-8">
          <span>The tools could not be loaded.</span>
          <button type="button" className="btn btn-sm" onClick={() => void refetch()}>Try again</button>
        </div>
      ) : null}
      {isPending ? (
        <ToolGridSkeleton />
      ) : (
        <ToolGrid busy={false}>
          {tools.map((tool, index) => (
            <ToolCard key={tool._id} tool={tool} headingLevel={2} priority={index < FIRST_ROW} />
          ))}
        </ToolGrid>
      )}
      <div ref={sentinel} aria-hidden="true" />
      {isFetchingNextPage ? <Loading label="Loading more tools" /> : null}
      {hasNextPage && !isFetchingNextPage ? (
        <div className="mt-8 text-center">
          <button type="button" className="btn btn-outline" onClick={() => void fetchNextPage()}>
            Load more tools
          </button>
        </div>
      ) : null}
    </OurToolsFrame>
  );
}
