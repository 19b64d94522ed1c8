// A resources context with nothing real behind it: the upstream answers canned bodies (parsed through the upstream's
// own schemas, so a fixture that no longer fits the service's shape fails its test), the history is in memory, and the
// clock is the test's. Everything else a resource calls is the relay's own code.
import assert from 'node:assert/strict';
import type { z } from 'zod';
import type { Cached } from '../../../src/relay/cache/resource-cache.js';
import type { ResourceContext } from '../../../src/relay/resources/context.js';
import type { HistoryStore, SeriesPoint } from '../../../src/relay/store/types.js';
import type { CachedUpstream } from '../../../src/relay/upstream/cached.js';
import { UpstreamError } from '../../../src/relay/upstream/errors.js';
import { ENDPOINTS, type Endpoints } from '../../../src/relay/upstream/endpoints.js';

/** The schema a view's answer is read with: its endpoint's record's (upstream/endpoints.ts), as the client reads it. */
type SchemaOf<View> = { [Name in keyof Endpoints]: View extends keyof Endpoints[Name]['views'] ? Endpoints[Name]['schema'] : never }[keyof Endpoints];
const SCHEMAS = Object.fromEntries(
  Object.values(ENDPOINTS).flatMap((record) => Object.keys(record.views).map((view) => [view, record.schema])),
) as { [View in Endpoint]: SchemaOf<View> };

type Endpoint = Exclude<keyof CachedUpstream, 'name' | 'fresh'>;
type Args<Name extends Endpoint> = Parameters<CachedUpstream[Name]>;

/** An answer as it left the cache: when it was fetched, and whether it is served stale after a failure. */
class Served {
  constructor(
    readonly body: unknown,
    readonly fetchedAt: number | undefined,
    readonly stale: boolean,
  ) {}
}

/** A canned body served as fetched at `fetchedAt` (default: the context's now), stale if said so. */
export const served = (body: unknown, options: { fetchedAt?: number | string; stale?: boolean }): Served =>
  new Served(body, typeof options.fetchedAt === 'string' ? Date.parse(options.fetchedAt) : options.fetchedAt, options.stale ?? false);

/** What an endpoint answers for given arguments: a body (the service's JSON), `served(…)`, or an UpstreamError to throw. */
export type Answer<Name extends Endpoint> = (...args: Args<Name>) => unknown;
export type Answers = { [Name in Endpoint]?: Answer<Name> };

/** The same body whatever the arguments. */
export const always = (body: unknown) => (): unknown => body;

/** A call the service refuses (a made-up id, a plan without the feature): what resources see from the client. */
export const refused = (kind: UpstreamError['kind'] = 'not_found', endpoint = '/fake') =>
  new UpstreamError(kind, endpoint, `fake ${kind}`, kind === 'not_found' ? 404 : 403);

/**
 * Fails when a schema dropped part of a canned body: the lenient schemas drop a malformed item or field quietly, which
 * in a fixture means the fixture (or the service's shape) drifted.
 */
function assertWhole(raw: unknown, parsed: unknown, path: string): void {
  if (Array.isArray(raw)) {
    assert.ok(Array.isArray(parsed), `${path}: the schema did not read a list`);
    assert.equal(parsed.length, raw.length, `${path}: the schema dropped ${raw.length - parsed.length} item(s) of the fixture`);
    raw.forEach((item, index) => assertWhole(item, parsed[index], `${path}[${index}]`));
    return;
  }
  if (raw === null || typeof raw !== 'object') return;
  assert.ok(parsed !== null && typeof parsed === 'object', `${path}: the schema did not read an object`);
  for (const [name, value] of Object.entries(raw)) {
    if (value === undefined) continue;
    const read = (parsed as Record<string, unknown>)[name];
    assert.notEqual(read, undefined, `${path}.${name}: the schema dropped this field of the fixture`);
    assertWhole(value, read, `${path}.${name}`);
  }
}

/** The records a body holds for the schemas that take a list, `{data: […]}` or one record (starters, weather). */
function recordsIn(body: unknown): unknown[] {
  if (Array.isArray(body)) return body;
  const data = (body as { data?: unknown } | null)?.data;
  return Array.isArray(data) ? data : [body];
}

/** A canned body read as the client reads it; a body the schema refuses or trims fails the test. */
export function parsed<Name extends Endpoint>(name: Name, body: unknown): z.output<(typeof SCHEMAS)[Name]> {
  const result = (SCHEMAS[name] as z.ZodType).safeParse(body);
  assert.ok(result.success, `the canned ${name} answer does not fit the upstream schema: ${result.error?.message}`);
  assertWhole(Array.isArray(result.data) ? recordsIn(body) : body, result.data, name);
  return result.data as z.output<(typeof SCHEMAS)[Name]>;
}

/** One call a resource made: the endpoint and its arguments. */
export interface Call {
  endpoint: Endpoint;
  args: unknown[];
}

let contexts = 0;

/**
 * An upstream whose every endpoint answers from `answers`: an endpoint without an answer, or an answer of undefined,
 * fails as an unavailable service would. Each context's upstream has a name of its own, so that what the relay
 * remembers per upstream (the next game day's search) never leaks from one test into another.
 */
export function fakeUpstream(answers: Answers, now: () => number, calls: Call[]): CachedUpstream {
  const name = `fake${++contexts}`;
  const endpoint =
    <Name extends Endpoint>(endpointName: Name) =>
    async (...args: Args<Name>): Promise<Cached<unknown>> => {
      calls.push({ endpoint: endpointName, args });
      const answer = (answers[endpointName] as ((...args: unknown[]) => unknown) | undefined)?.(...args);
      if (answer instanceof Error) throw answer;
      if (answer === undefined) throw new UpstreamError('unavailable', `/${endpointName}`, `no canned ${endpointName} answer`, 503);
      const { body, fetchedAt, stale } = answer instanceof Served ? answer : new Served(answer, undefined, false);
      return { value: parsed(endpointName, body), fetchedAt: fetchedAt ?? now(), stale };
    };
  const upstream = Object.fromEntries((Object.keys(SCHEMAS) as Endpoint[]).map((key) => [key, endpoint(key)]));
  const fake = { name, ...upstream } as unknown as CachedUpstream;
  return Object.defineProperty(fake, 'fresh', { get: () => fake });
}

/** The history store in memory: a series keeps a point unless it repeats the last value, as the real stores do. */
export class MemoryHistory implements HistoryStore {
  readonly series = new Map<string, SeriesPoint[]>();
  readonly kept = new Map<string, { body: Buffer; at: number }>();

  constructor(points: Record<string, SeriesPoint[]> = {}) {
    for (const [name, list] of Object.entries(points)) this.series.set(name, [...list]);
  }

  async recordPoint(series: string, point: SeriesPoint): Promise<void> {
    const list = this.series.get(series) ?? [];
    if (list.at(-1)?.value === point.value) return;
    list.push(point);
    list.sort((a, b) => a.at - b.at);
    this.series.set(series, list);
  }

  async pointsOf(series: string): Promise<SeriesPoint[]> {
    return [...(this.series.get(series) ?? [])];
  }

  async prunePoints(before: number): Promise<void> {
    for (const [name, list] of this.series)
      this.series.set(
        name,
        list.filter((point) => point.at >= before),
      );
  }

  async keepPayload(name: string, body: Buffer, at: number): Promise<void> {
    this.kept.set(name, { body, at });
  }

  async keptPayload(name: string): Promise<Buffer | undefined> {
    return this.kept.get(name)?.body;
  }

  async pruneKept(before: number): Promise<number> {
    let pruned = 0;
    for (const [name, { at }] of this.kept) if (at < before && this.kept.delete(name)) pruned++;
    return pruned;
  }
}

export interface FakeContext extends ResourceContext {
  upstream: CachedUpstream;
  history: MemoryHistory;
  /** Every upstream call made through this context, in order. */
  calls: Call[];
}

/**
 * A resources context at `now` (an ISO instant: the test's clock, never the machine's) answering from `answers`, with
 * the series in `points` already recorded.
 */
export function fakeContext(now: string, answers: Answers, points: Record<string, SeriesPoint[]> = {}): FakeContext {
  const at = Date.parse(now);
  assert.ok(Number.isFinite(at), `not an instant: ${now}`);
  const calls: Call[] = [];
  return { upstream: fakeUpstream(answers, () => at, calls), history: new MemoryHistory(points), now: at, calls };
}

/** The calls made to one endpoint, by their arguments. */
export const callsTo = (ctx: FakeContext, endpoint: Endpoint): unknown[][] =>
  ctx.calls.filter((call) => call.endpoint === endpoint).map((call) => call.args);
