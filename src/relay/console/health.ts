import type { RelayHealth } from '../../contract/console.js';
import { monthProgress } from '../metering/month.js';
import type { Account } from '../upstream/schemas.js';
import { readinessStatus, type Readiness } from '../base/readiness.js';

/** The sum of a metric's samples in a Prometheus exposition, those whose labels include `labels` (all when none). */
function sumSamples(exposition: string, name: string, labels: Record<string, string> = {}): number {
  const wanted = Object.entries(labels).map(([label, value]) => `${label}="${value}"`);
  let sum = 0;
  for (const line of exposition.split('\n')) {
    if (!line.startsWith(name) || (line[name.length] !== '{' && line[name.length] !== ' ')) continue;
    if (!wanted.every((pair) => line.includes(pair))) continue;
    sum += Number(line.slice(line.lastIndexOf(' ') + 1)) || 0;
  }
  return sum;
}

/** Days until the upstream month's units run out at this month's rate so far; null when none are being spent. */
export function daysLeft(account: Pick<Account, 'usage'>, now: number): number | null {
  const { elapsedDays } = monthProgress(now);
  const perDay = elapsedDays > 0 ? account.usage.used / elapsedDays : 0;
  if (perDay <= 0) return null;
  return Math.max(0, (account.usage.limit - account.usage.used) / perDay);
}

export function relayHealth({ parts, problems }: Readiness, exposition: string, account: Account | Error, now: number): RelayHealth {
  const served = ['hit', 'swr', 'stale_if_error'].reduce(
    (sum, outcome) => sum + sumSamples(exposition, 'pressbox_cache_total', { outcome }),
    0,
  );
  const all = served + sumSamples(exposition, 'pressbox_cache_total', { outcome: 'miss' });
  return {
    status: readinessStatus(parts),
    parts,
    problems,
    openStreams: sumSamples(exposition, 'pressbox_live_streams'),
    cacheHitRate: all ? served / all : null,
    upstream:
      account instanceof Error
        ? { error: account.message }
        : { plan: account.plan, used: account.usage.used, limit: account.usage.limit, daysLeft: daysLeft(account, now) },
  };
}
