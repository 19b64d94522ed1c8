import { gunzipSync, gzipSync } from 'node:zlib';
import { LRUCache } from 'lru-cache';
import { CONTRACT_REVISION } from '../../contract/version.js';
import { RelayError } from '../base/errors.js';
import type { HistoryStore } from '../store/types.js';
import type { ResourceContext } from './context.js';
import { upgradeKept } from './kept-revisions.js';
import { SNAPSHOT_CAPS, SnapshotBook } from './snapshot-book.js';
import { keptStoreOf } from './test-kept.js';
import { currentSpender } from '../upstream/spend.js';
import { dayBucket } from '../metering/month.js';

// Embeds outlive their games: a final game is kept once and answered from the store for ever, and a day's snapshot of
// every request readers made is kept so that an article can pin one (`as-of`). What is kept is the widget payload
// itself (gzip JSON with its contract revision), never an upstream answer, and reading it costs no upstream unit.

type Payload = Record<string, unknown>;

interface Kept {
  revision: number;
  keptAt: number;
  payload: Payload;
}

/** A payload as the store keeps it: gzip JSON with the contract revision it was built under. */
export function encodeKept(payload: object, at: number): Buffer {
  return gzipSync(JSON.stringify({ revision: CONTRACT_REVISION, keptAt: at, payload }));
}

/** A kept payload brought up to today's contract; undefined for a body this relay cannot read (it is built afresh). */
export function decodeKept(body: Buffer): Kept | undefined {
  try {
    const kept = JSON.parse(gunzipSync(body).toString('utf8')) as Kept;
    if (typeof kept.revision !== 'number' || typeof kept.payload !== 'object' || kept.payload === null) return undefined;
    return { ...kept, payload: upgradeKept(kept.payload, kept.revision) };
  } catch {
    return undefined;
  }
}

/** A store that cannot answer now is a miss: the request is built as if nothing were kept. */
async function readKept(history: HistoryStore, name: string): Promise<Kept | undefined> {
  const body = await keptStoreOf(history, name).keptPayload(name).catch(() => undefined);
  return body && decodeKept(body);
}

/** Keeping is a bonus to the answer, never a condition of it: a store that cannot keep now is asked again next time. */
function keep(history: HistoryStore, name: string, payload: object, at: number): Promise<boolean> {
  return keptStoreOf(history, name).keepPayload(name, encodeKept(payload, at), at).then(
    () => true,
    () => false,
  );
}

/** Where a request's answers are kept: per upstream (test keys see the sandbox's games) and canonical request. */
export const keptName = (upstream: string, canonical: string) => `${upstream}:${canonical}`;

/**
 * A game's answer: the kept one when the game was kept final, else built, and kept once `settled` says it is final.
 * A kept answer costs the store one read and no upstream unit.
 */
export async function keptOnceSettled<P extends object>(
  ctx: ResourceContext,
  name: string,
  build: () => Promise<P>,
  settled: (payload: P) => boolean,
): Promise<P> {
  const kept = await readKept(ctx.history, name);
  if (kept) return kept.payload as P;
  const built = await build();
  if (!ctx.keepsNothing && settled(built)) await keep(ctx.history, name, built, ctx.now);
  return built;
}

/** Snapshots written lately, per store: at most one a minute per request and day (the last of the day stands for it). */
const SNAPSHOT_EVERY_MS = 60_000;
const writtenTo = new WeakMap<HistoryStore, { written: LRUCache<string, number>; book: SnapshotBook }>();

/**
 * Keeps today's snapshot of a request, after the answer has left (a build only notes it): the reader never waits on the
 * encoding or the store, and a write lost now is made by the next build.
 */
function snapshot(ctx: ResourceContext, day: string, name: string, payload: object): void {
  let kept = writtenTo.get(ctx.history);
  if (!kept) writtenTo.set(ctx.history, (kept = { written: new LRUCache({ max: SNAPSHOT_CAPS.perRelay }), book: new SnapshotBook() }));
  const { written, book } = kept;
  const last = written.get(name);
  if (last !== undefined && ctx.now - last < SNAPSHOT_EVERY_MS) return;
  if (!book.admit(day, name, currentSpender())) return;
  written.set(name, ctx.now);
  setImmediate(() => {
    void keep(ctx.history, name, payload, ctx.now).then((stored) => stored || (written.get(name) === ctx.now && written.delete(name)));
  });
}

const DAY_MS = 86_400_000;

/** What an as-of date can be: a day that has begun somewhere (UTC+14). Snapshots are kept under UTC days (`dayBucket`). */
export function refuseAsOf(asOf: string | undefined, now: number): void {
  if (asOf === undefined) return;
  const latest = dayBucket(now + DAY_MS);
  if (asOf > latest)
    throw new RelayError('bad_request', `Bad request: as-of: ${asOf} has not happened yet; pin a day up to today (${dayBucket(now)}).`);
}

/**
 * A request readers can pin to a day: today's answer (a reader's GET also keeps it as the day's snapshot, the last one of
 * the day standing for it), or with `asOf` before today the snapshot kept that day, marked with its day. A day nobody asked for has
 * none, and says so.
 */
export async function pinnable<P extends object>(
  ctx: ResourceContext,
  name: string,
  asOf: string | undefined,
  what: string,
  build: () => Promise<P>,
): Promise<P & { asOf?: string }> {
  const today = dayBucket(ctx.now);
  if (asOf !== undefined && asOf < today) {
    const kept = await readKept(ctx.history, `${name}@${asOf}`);
    if (kept) return { ...(kept.payload as P), asOf };
    throw new RelayError(
      'not_found',
      `No ${what} was kept for ${asOf}: the relay keeps a day's ${what} only when a page showed it that day. Pin a day a page showed (the builder writes as-of with today's date), or remove as-of to show the latest.`,
    );
  }
  const built = await build();
  if (ctx.snapshotDay) snapshot(ctx, today, `${name}@${today}`, built);
  return asOf === undefined ? built : { ...built, asOf };
}
