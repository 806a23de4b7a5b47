/**
 * The public reads answered from memory (catalogue, reviews) are the store's hottest requests:
 * logging two JSON lines for each halved their throughput (docs/bench.md). They are logged at
 * warn, so their failures still are, like the health probes; the reverse proxy's access log
 * records the traffic itself (docs/DEPLOY.md). LOG_LEVEL=debug does not bring them back: a
 * route's level replaces the app's.
 */
export const CACHED_READ_LOG_LEVEL = 'warn';
