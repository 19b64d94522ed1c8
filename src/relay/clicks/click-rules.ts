import type { IncomingHttpHeaders } from 'node:http';
import { LRUCache } from 'lru-cache';
import { readerNetwork } from '../metering/attribution.js';

// Which clicks on a price count (issue 72): a reader following a link, once. A prefetch, a HEAD, a crawler, a script's
// fetch, and clicks past a burst from one network still reach the book (a reader is never stopped), uncounted.

/** Why a click was not counted; each a value of `pressbox_bet_clicks_total{outcome}`. */
export type Uncounted = 'head' | 'prefetch' | 'bot' | 'not_navigation' | 'other_page' | 'repeat' | 'burst';
export type ClickOutcome = 'counted' | Uncounted;

/**
 * User agents of crawlers, link previewers and HTTP libraries: none of them is a reader choosing a book. A crawler names
 * itself `…bot/2.1`, `(compatible; bot)`, a spider or crawler; a phone named CUBOT is no bot. A headless browser is a
 * browser (a publisher's own checks click in one): its clicks count under the other rules.
 */
const NOT_A_READER =
  /(?:bot|spider|crawler)\/|\b(?:bot|spider|crawler|crawl)\b|slurp|preview|facebookexternalhit|embedly|whatsapp|telegram|discord|slackbot|lighthouse|curl\/|wget\/|python|go-http|node-fetch|undici|axios|okhttp|java\/|libwww|httpclient|scrapy|^$/i;

/** Sec-Purpose (Chromium, Firefox), Purpose (older Chromium, Safari), X-Moz (older Firefox), X-Purpose (previews). */
function isPrefetch(headers: IncomingHttpHeaders): boolean {
  const purposes = [headers['sec-purpose'], headers.purpose, headers['x-moz'], headers['x-purpose']];
  return purposes.some((value) => typeof value === 'string' && /prefetch|prerender|preview/i.test(value));
}

/** What the request itself says against counting it: how it was sent, not how often. */
export function uncountedByRequest(method: string, headers: IncomingHttpHeaders): Uncounted | undefined {
  if (method === 'HEAD') return 'head';
  if (isPrefetch(headers)) return 'prefetch';
  const agent = headers['user-agent'];
  if (typeof agent !== 'string' || NOT_A_READER.test(agent)) return 'bot';
  // Browsers that send Fetch Metadata say a followed link is a navigation to a document; a script's fetch says otherwise.
  const mode = headers['sec-fetch-mode'];
  const dest = headers['sec-fetch-dest'];
  if ((mode !== undefined && mode !== 'navigate') || (dest !== undefined && dest !== 'document')) return 'not_navigation';
  return undefined;
}

export interface BurstRules {
  /** A click on the same price from the same browser and network within this is the same click (a double click, a reload). */
  repeatMs: number;
  /** Clicks one network's readers may have counted for one key in a minute. */
  perMinute: number;
  /** Networks remembered at once: the memory an outsider's many addresses can take is bounded. */
  networks: number;
}

export const BURST_RULES: BurstRules = { repeatMs: 60_000, perMinute: 10, networks: 50_000 };

interface NetworkClicks {
  /** Counted clicks of the current minute, by key. */
  minute: number;
  counts: Map<string, number>;
  /** When each price (key, book, game, market, side, browser) was last counted. */
  prices: Map<string, number>;
}

/** Remembers what each network had counted lately, in memory (per relay process): bounded by network and by key. */
export function burstFilter(now: () => number, rules: BurstRules = BURST_RULES) {
  const networks = new LRUCache<string, NetworkClicks>({ max: rules.networks });
  return (address: string, key: string, price: string): Uncounted | undefined => {
    const network = readerNetwork(address);
    const at = now();
    const minute = Math.floor(at / 60_000);
    let seen = networks.get(network);
    if (!seen || seen.minute !== minute) {
      const prices = new Map([...(seen?.prices ?? [])].filter(([, when]) => at - when < rules.repeatMs));
      networks.set(network, (seen = { minute, counts: new Map(), prices }));
    }
    const last = seen.prices.get(`${key} ${price}`);
    if (last !== undefined && at - last >= 0 && at - last < rules.repeatMs) return 'repeat';
    const counted = seen.counts.get(key) ?? 0;
    if (counted >= rules.perMinute) return 'burst';
    seen.counts.set(key, counted + 1);
    // The prices one network had counted are at most perMinute per key a minute: bounded with it.
    seen.prices.set(`${key} ${price}`, at);
    return undefined;
  };
}
