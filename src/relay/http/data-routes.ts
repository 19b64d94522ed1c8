import { oddsHiddenFor, refuseHiddenOdds, withoutOdds } from '../resources/hidden-odds.js';
import { extrasFor, extrasName, type KeyExtras } from '../resources/key-extras.js';
import type { OddsHidden } from '../../contract/common.js';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { LRUCache } from 'lru-cache';
import {
  CONTRACT_HEADER,
  CONTRACT_REVISION,
  CONTRACT_REVISION_HEADER,
  CONTRACT_VERSION,
  RELAY_TIME_HEADER,
} from '../../contract/version.js';
import { RelayError } from '../base/errors.js';
import type { Logger } from '../base/logger.js';
import type { ResourceContext } from '../resources/context.js';
import type { LeagueInterest } from '../resources/league-interest.js';
import { firstValues } from '../resources/params.js';
import { matchRoute, type Planned, type WidgetRoute } from '../resources/routes.js';
import type { HistoryStore, UsageStore } from '../store/types.js';
import { JSON_TYPE, pageHeaders, refusalAnswer, writeAnswer, type Answer, type AnsweredRequest } from './answer.js';
import type { WidgetRequest } from '../base/request.js';
import type { Access, Authorize } from './access.js';
import { countLoad, refuseKnownSpentKey } from '../metering/quota.js';
import { bytesOf, LOADS_REMAINING_HEADER, prepareBody, representation, type PreparedBody } from './body.js';
import type { RelayMetrics } from './metrics.js';
import type { RateLimiter } from './rate-limit.js';
import { widgetRequestOf } from './widget-request.js';
import type { ClientAddress } from './client-address.js';
import type { ReaderRegion } from './reader-region.js';
import { currentSpender } from '../upstream/spend.js';
import { servedAs, spenderOf } from '../upstream/who-pays.js';
import { RENDER_PREFIX, type ElementRendering, type RenderPlan } from './rendered-pages.js';
import { renderRoute } from './render-route.js';

export interface DataRouteDeps {
  authorize: Authorize;
  clientAddress: ClientAddress;
  /** The reader's region, where trusted proxies name it (`--region-header`): keys' odds regions are decided on it. */
  readerRegion?: ReaderRegion;
  limit: RateLimiter;
  usage: UsageStore;
  history: HistoryStore;
  metrics: RelayMetrics;
  logger: Logger;
  observe: (answered: AnsweredRequest) => void;
  now: () => number;
  /** The upstream cache's change counter: when given, built payloads are shared between requests (see below). */
  cacheVersion?: () => number;
  /** Told which leagues readers ask for (the recorder's default leagues). */
  interest?: LeagueInterest;
  /** Server rendering (`/v1/render/{tag}`), where the relay serves it: the element's HTML with its data. */
  render?: ElementRendering;
  /** Widget routes that answer with a stream they write themselves (`/v1/live`), behind the same gate. */
  streams?: readonly StreamRoute[];
}

/** A widget request past the gate: its key granted for its origin, within its rate limit. */
export interface Admitted {
  access: Access;
  request: WidgetRequest;
  /** The query without the key. */
  query: URLSearchParams;
  /** The same decision again, on the key's current rules (a stream that stays open is checked now and then). */
  recheck: () => Access | Promise<Access>;
}

/** A widget route that streams: it opens its stream on the response (writing the head) or throws its refusal. */
export interface StreamRoute {
  label: string;
  /** Why a HEAD is refused (it would open nothing to describe). */
  headRefusal: string;
  open(
    admitted: Admitted,
    request: IncomingMessage,
    response: ServerResponse,
    /** CORS and security headers, for the stream's head. */
    headers: string[],
    /** Whether the reader has left since the request came (it takes no slot then). */
    gone: () => boolean,
  ): Promise<'streaming' | 'gone'>;
}

/** Spellings of requests remembered (each at most MAX_SPELLING_LENGTH characters; longer ones are read afresh). */
const MAX_SPELLINGS = 5_000;
const MAX_SPELLING_LENGTH = 300;
/** Canonical requests remembered, each with the payload last built for it (per upstream). */
const MAX_REQUESTS = 2_000;

/** How long a built payload serves identical requests while the upstream cache has not changed. */
const SHARED_PAYLOAD_MS = 1_000;

interface SharedPayload {
  prepared: Promise<PreparedBody>;
  /** The same, once built: most requests take it without waiting. */
  ready?: PreparedBody;
  version: number;
  builtAt: number;
}

const CONTRACT = String(CONTRACT_VERSION);
const REVISION = String(CONTRACT_REVISION);

/** A request's place among the data routes: the route, its path parameters, the path and the raw query. */
interface Target {
  route: WidgetRoute;
  path: Record<string, string>;
  pathname: string;
  search: string;
}

/** A validated request, with the payloads last built for it (one per upstream: live or sandbox). */
interface Reading {
  planned: Planned;
  payloads: Map<string, SharedPayload>;
}

/**
 * The widget data routes (`/v1/scores`, `/v1/games/{id}`, …) on Node's own request and response: validate, build the
 * widget-shaped payload from cached upstream data, deliver one load. They are the relay's hottest path, so they skip
 * the web Request/Response objects the Hono adapter builds (a third of a cached request's time); every other route
 * stays on Hono.
 */
export function dataRoutes(deps: DataRouteDeps): (request: IncomingMessage, response: ServerResponse) => boolean {
  const payloadFor = payloadBuilder(deps);
  const admit = widgetGate(deps);

  const answer = async (request: IncomingMessage, response: ServerResponse, target: Target, address: string): Promise<Answer> => {
    const { route } = target;
    const headers = pageHeaders(request.headers.origin);
    try {
      const { access, widgetRequest, query } = await admit(request, target.search, address);
      const prepared = await payloadFor(request, access, widgetRequest, target, query);
      const { encoding, etag } = representation(prepared, request.headers['accept-encoding']);
      headers.push(
        'ETag',
        etag,
        'Vary',
        'Accept-Encoding',
        'Cache-Control',
        'private, no-cache',
        CONTRACT_HEADER,
        CONTRACT,
        CONTRACT_REVISION_HEADER,
        REVISION,
        RELAY_TIME_HEADER,
        String(deps.now()),
      );
      // The data's own ETag too: a page given its first answer by the server (src/ssr) holds the plain one.
      const held = request.headers['if-none-match'];
      if (held === etag || held === prepared.etag) return { status: 304, headers };
      // HEAD is answered wherever GET is (RFC 9110), with the GET's headers and no body: it delivers no data, so no load.
      if (request.method === 'HEAD') {
        headers.push('Content-Type', JSON_TYPE, 'Content-Length', String(bytesOf(prepared, encoding).byteLength));
        if (encoding !== 'identity') headers.push('Content-Encoding', encoding);
        return { status: 200, headers };
      }
      // A page that left (or aborted a superseded request) receives nothing, so it is not billed.
      if (request.destroyed || response.destroyed) return { status: 499, headers };
      const remaining = await countLoad(deps.usage, access, widgetRequest, route.label, deps.now());
      deps.metrics.loads.count(route.label);
      headers.push(LOADS_REMAINING_HEADER, String(remaining), 'Content-Type', JSON_TYPE);
      if (encoding !== 'identity') headers.push('Content-Encoding', encoding);
      return { status: 200, headers, body: bytesOf(prepared, encoding) };
    } catch (error) {
      return refusalAnswer(error, headers, target.pathname, deps.logger);
    }
  };

  const serve = async (request: IncomingMessage, response: ServerResponse, target: Target) => {
    const started = performance.now();
    const address = deps.clientAddress(request.socket.remoteAddress, request.headers);
    const answered = await answer(request, response, target, address);
    writeAnswer(response, answered);
    deps.observe({
      method: request.method!,
      path: target.pathname,
      address,
      route: target.route.label,
      status: answered.status,
      ms: performance.now() - started,
    });
  };

  const serveStream = streamServer(deps, admit);
  const serveRender = deps.render && renderRoute(deps, deps.render, admit, renderedPayloads(payloadFor));

  /** Takes the request when it is for a data route (and answers it); otherwise leaves it to the other routes. */
  return (request, response) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') return false;
    const url = request.url ?? '/';
    const mark = url.indexOf('?');
    const pathname = mark === -1 ? url : url.slice(0, mark);
    const stream = deps.streams?.find((candidate) => candidate.label === pathname);
    if (stream) {
      void serveStream(request, response, stream, pathname, mark === -1 ? '' : url.slice(mark + 1));
      return true;
    }
    if (serveRender && pathname.startsWith(RENDER_PREFIX)) {
      void serveRender(request, response, pathname, mark === -1 ? '' : url.slice(mark + 1));
      return true;
    }
    const matched = matchRoute(pathname);
    if (!matched) return false;
    void serve(request, response, { ...matched, pathname, search: mark === -1 ? '' : url.slice(mark + 1) });
    return true;
  };
}

/** An element rendering's payload: its data route's, for the query the element itself would send. */
function renderedPayloads(payloadFor: ReturnType<typeof payloadBuilder>) {
  return (request: IncomingMessage, access: Access, widgetRequest: WidgetRequest, plan: RenderPlan) =>
    payloadFor(request, access, widgetRequest, dataTarget(plan), plan.search);
}

/** The data route an element's rendering reads, as the element itself would ask it. */
function dataTarget(plan: RenderPlan): Target {
  const matched = matchRoute(plan.path);
  if (!matched) throw new Error(`The element asked for ${plan.path}, which is no data route`);
  return { ...matched, pathname: plan.path, search: plan.search };
}

/** The payload for an admitted request of a data route: validated, refused when the key may not have it, built. */
function payloadBuilder(deps: DataRouteDeps) {
  const prepare = sharedPayloads(deps);
  const readParams = requestReader();
  return (request: IncomingMessage, access: Access, widgetRequest: WidgetRequest, target: Target, query: string) => {
    const reading = readParams(target, query);
    const hidden = oddsHiddenFor(access.key, widgetRequest.region);
    refuseHiddenOdds(hidden, reading.planned);
    const now = deps.now();
    reading.planned.refuseAt(now);
    refuseKnownSpentKey(access.key, now);
    const ctx = { upstream: access.upstream, history: deps.history, now, ...keeping(request.method) };
    const extras = extrasFor(access.key, reading.planned.pattern, hidden, widgetRequest.region);
    // Already built for these readers: nothing can be spent, so nobody is named to pay.
    return (
      prepare.held(ctx, reading, hidden, extras) ??
      servedAs(spenderOf(access, widgetRequest.address), () => prepare(ctx, reading, hidden, extras))
    );
  };
}

/** HEAD delivers nothing, so nothing is kept for it: only answers readers received are kept. */
function keeping(method: string | undefined): Pick<ResourceContext, 'snapshotDay' | 'keepsNothing'> {
  return method === 'HEAD' ? { keepsNothing: true } : { snapshotDay: true };
}

/** The gate every widget route shares: the key granted for the page's origin, the rate limit. */
function widgetGate(deps: Pick<DataRouteDeps, 'authorize' | 'limit' | 'readerRegion'>) {
  return async (request: IncomingMessage, search: string, address: string) => {
    const { key, query } = splitQuery(search);
    const region = deps.readerRegion?.(request.socket.remoteAddress, request.headers);
    const widgetRequest = widgetRequestOf(request, key, address, region);
    const granted = deps.authorize(widgetRequest);
    const access = granted instanceof Promise ? await granted : granted;
    deps.limit(access.key.key, widgetRequest);
    return { access, widgetRequest, query, recheck: () => deps.authorize(widgetRequest) };
  };
}

/** The same gate, then the route writes its stream itself; a refusal is answered as the data routes answer theirs. */
function streamServer(deps: DataRouteDeps, admit: ReturnType<typeof widgetGate>) {
  return async (request: IncomingMessage, response: ServerResponse, route: StreamRoute, pathname: string, search: string) => {
    const started = performance.now();
    // Known before anything is awaited: a reader gone while the store answered takes no stream slot.
    let gone = false;
    response.once('close', () => (gone = true));
    const address = deps.clientAddress(request.socket.remoteAddress, request.headers);
    const headers = pageHeaders(request.headers.origin);
    let status = 200;
    try {
      // A stream has no headers to describe without opening it: GET only, refused before the key is read.
      if (request.method === 'HEAD') throw new RelayError('bad_request', route.headRefusal, { Allow: 'GET' }, 405);
      const { access, widgetRequest, query } = await admit(request, search, address);
      const opened = await route.open(
        { access, request: widgetRequest, query: new URLSearchParams(query), recheck: () => deps.authorize(widgetRequest) },
        request,
        response,
        headers,
        () => gone,
      );
      if (opened === 'gone') status = 499;
    } catch (error) {
      const refusal = refusalAnswer(error, headers, pathname, deps.logger);
      status = refusal.status;
      writeAnswer(response, refusal);
    }
    deps.observe({ method: request.method!, path: pathname, address, route: route.label, status, ms: performance.now() - started });
  };
}

/**
 * Thousands of viewers asking for the same data get one build, one serialisation and one ETag hash between two
 * changes of the upstream cache (and at most a second apart), instead of one per request. The payload does not
 * depend on the key, only on the upstream (live or sandbox), the route and its parameters, and on whether and why the
 * request may not have betting data (resources/hidden-odds.ts).
 */
function sharedPayloads(deps: Pick<DataRouteDeps, 'interest' | 'cacheVersion'>) {
  // Keys with the same extras share one build: a key has at most five books and one line per region.
  const nameOf = (ctx: ResourceContext, hidden: OddsHidden | undefined, extras: KeyExtras | undefined) =>
    `${ctx.upstream.name}${hidden ? `|odds hidden:${hidden}` : ''}${extrasName(extras)}${ctx.keepsNothing ? '|head' : ''}`;
  /** The shared payload still good for this request, if any. */
  const current = (ctx: ResourceContext, reading: Reading, name: string) => {
    const hit = reading.payloads.get(name);
    // Built after now: before the sandbox's clock was set back, of another day.
    const age = hit ? ctx.now - hit.builtAt : -1;
    return hit && hit.version === deps.cacheVersion!() && age >= 0 && age < SHARED_PAYLOAD_MS ? hit : undefined;
  };
  const prepare = (
    ctx: ResourceContext,
    reading: Reading,
    hidden: OddsHidden | undefined,
    extras?: KeyExtras,
  ): PreparedBody | Promise<PreparedBody> => {
    const build = () => {
      deps.interest?.note(reading.planned.leagues, ctx.upstream.name);
      return reading.planned
        .build(ctx)
        .then((built) =>
          prepareBody(hidden ? withoutOdds(built.payload, hidden) : extras ? { ...built.payload, ...extras } : built.payload),
        );
    };
    if (!deps.cacheVersion) return build();
    const name = nameOf(ctx, hidden, extras);
    const hit = current(ctx, reading, name);
    if (hit) return hit.ready ?? hit.prepared;
    const version = deps.cacheVersion();
    const builder = currentSpender();
    const entry: SharedPayload = { prepared: build(), version, builtAt: ctx.now };
    reading.payloads.set(name, entry);
    const forget = () => reading.payloads.get(name) === entry && reading.payloads.delete(name);
    // A build that fell short of a call it could not pay for is shared with nobody after it.
    entry.prepared.then((prepared) => (builder?.refused ? forget() : (entry.ready = prepared)), forget);
    return entry.prepared;
  };
  /** The payload already built for this request, without building or waiting. */
  const held = (ctx: ResourceContext, reading: Reading, hidden: OddsHidden | undefined, extras?: KeyExtras) =>
    deps.cacheVersion ? current(ctx, reading, nameOf(ctx, hidden, extras))?.ready : undefined;
  return Object.assign(prepare, { held });
}

/**
 * Validation is pure: the same path and query (whatever the key) read the same, so popular spellings are read once.
 * Spellings point to their canonical request, which alone holds built payloads: a flood of made-up spellings of one
 * request shares one entry, and both tables are bounded (MAX_SPELLINGS short strings, MAX_REQUESTS requests).
 */
function requestReader() {
  const spellings = new LRUCache<string, string | RelayError>({ max: MAX_SPELLINGS });
  const requests = new LRUCache<string, Reading>({ max: MAX_REQUESTS });
  return ({ route, path, pathname }: Target, query: string): Reading => {
    const spelling = `${pathname}?${query}`;
    const known = spelling.length <= MAX_SPELLING_LENGTH ? spellings.get(spelling) : undefined;
    if (known instanceof RelayError) throw known;
    const reading = known === undefined ? undefined : requests.get(known);
    if (reading) return reading;
    let planned: Planned;
    try {
      planned = route.read(firstValues(query), path);
    } catch (error) {
      if (error instanceof RelayError && spelling.length <= MAX_SPELLING_LENGTH) spellings.set(spelling, error);
      throw error;
    }
    if (spelling.length <= MAX_SPELLING_LENGTH) spellings.set(spelling, planned.canonical);
    let canonical = requests.get(planned.canonical);
    if (!canonical) requests.set(planned.canonical, (canonical = { planned, payloads: new Map() }));
    return canonical;
  };
}

/** The widget key and the rest of the query (what decides the data), without parsing a query that needs no decoding. */
function splitQuery(search: string): { key: string | undefined; query: string } {
  if (/[%+]/.test(search)) {
    const params = new URLSearchParams(search);
    const key = params.get('key') ?? undefined;
    params.delete('key');
    return { key, query: params.toString() };
  }
  let key: string | undefined;
  const rest: string[] = [];
  for (const pair of search.split('&')) {
    if (pair.startsWith('key=')) key ??= pair.slice(4);
    else if (pair) rest.push(pair);
  }
  return { key, query: rest.join('&') };
}
