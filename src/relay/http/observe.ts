import type { Logger } from '../logger.js';
import type { RelayMetrics } from './metrics.js';

export interface AnsweredRequest {
  method: string;
  /** The path alone, as received (still percent-encoded): query strings hold keys. */
  path: string;
  /** The reader's address (behind trusted proxies, the one they forwarded). */
  address: string;
  /** The route pattern, never the raw path: a scan of made-up paths must not grow the metrics without bound. */
  route: string;
  status: number;
  ms: number;
}

/** Every answer, on every route: counted and timed in the metrics, and one log line (never headers). */
export function requestObserver(metrics: RelayMetrics, logger: Logger): (answered: AnsweredRequest) => void {
  return ({ method, path, address, route, status, ms }) => {
    metrics.requests.count(route, status);
    metrics.duration.observe({ route }, ms / 1000);
    logger.log(status >= 500 ? 'error' : 'info', 'request', { method, path, status, ms: Math.round(ms * 10) / 10, client: address });
  };
}
