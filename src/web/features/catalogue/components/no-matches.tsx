interface NoMatchesProps {
  q: string;
  onClear: () => void;
}

/** What Our Tools says when a search finds nothing: why, what to try, and a way back to every tool. */
export function NoMatches({ q, onClear }: NoMatchesProps) {
  return (
    <div className="mt-8 rounded-box border border-base-300 bg-base-100 p-8 text-center">
      <h2 className="text-2xl font-semibold">No tools match “{q}”</h2>
      <p className="mt-2 text-base-content/80">
        Check the spelling, or try fewer or more general words, such as “drill” or “meter”.
      </p>
      <button type="button" className="btn btn-primary mt-6" onClick={onClear}>
        Clear the search
      </button>
    </div>
  );
}
