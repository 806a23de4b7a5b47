import { useIsFetching, useIsMutating } from '@tanstack/react-query';
import { useNavigation } from 'react-router';

/** A thin bar at the very top while a route or data is loading. */
export function ProgressBar() {
  const navigation = useNavigation();
  const fetching = useIsFetching();
  const mutating = useIsMutating();
  const busy = navigation.state !== 'idle' || fetching > 0 || mutating > 0;
  return (
    <div
      className="fixed inset-x-0 top-0 z-[10000] h-1 overflow-hidden"
      role="progressbar"
      aria-label="Loading"
      aria-hidden={!busy}
      hidden={!busy}
      data-testid="progress-bar"
    >
      <div className="progress-slide h-full w-2/5 bg-primary" />
    </div>
  );
}
