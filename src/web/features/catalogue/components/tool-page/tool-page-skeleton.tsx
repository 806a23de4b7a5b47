/** The tool page's shape while its tool loads (after a click in the app): the same boxes, grey. */
export function ToolPageSkeleton() {
  return (
    <div className="mx-auto max-w-7xl px-4 py-8" aria-busy="true">
      <p role="status" className="sr-only">Loading the tool</p>
      <div className="skeleton h-5 w-64" aria-hidden="true" />
      <div className="mt-6 grid gap-10 lg:grid-cols-2" aria-hidden="true">
        <div className="skeleton aspect-[4/3] w-full rounded-box" />
        <div className="flex flex-col gap-4">
          <div className="skeleton h-9 w-3/4" />
          <div className="skeleton h-5 w-40" />
          <div className="skeleton h-9 w-48" />
          <div className="skeleton h-24 w-full" />
          <div className="skeleton h-12 w-full" />
        </div>
      </div>
    </div>
  );
}
