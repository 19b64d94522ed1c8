import { decideOrigin, pageOrigin, parseDomainPattern, type DomainPattern, type OriginDecision } from '../keys/domains.js';
import { generateKey, isActive, monthlyLoadLimit, type Plan, type WidgetKey } from '../keys/model.js';
import type { KeyStore } from '../store/types.js';
import type { BetLink } from '../keys/bet-links.js';

/** The operations on keys that the admin API, the CLI and the console share. */

// Keys come from a short-lived in-memory cache as the same objects, so their parsed patterns can be kept with them.
const parsedPatterns = new WeakMap<WidgetKey, DomainPattern[]>();

export function patternsOf(key: WidgetKey): DomainPattern[] {
  let patterns = parsedPatterns.get(key);
  if (!patterns) {
    patterns = key.domains.flatMap((domain) => {
      const parsed = parseDomainPattern(domain);
      return parsed.ok ? [parsed.pattern] : [];
    });
    parsedPatterns.set(key, patterns);
  }
  return patterns;
}

/**
 * Whether a page origin may use a key, and which rule decided: what the relay decides for a widget request, as the
 * admin API, the console and `pressbox keys check` answer it. A bare host (`www.example.com`) is read as https.
 */
export function checkOrigin(key: WidgetKey, origin: string, now: number): OriginDecision {
  if (!isActive(key, now)) return { allowed: false, reason: 'the key is revoked' };
  const written = origin.includes('://') ? origin : `https://${origin}`;
  const page = pageOrigin(written, null);
  if (!page) return { allowed: false, reason: `"${origin}" is not a page origin: write it as https://www.example.com` };
  return decideOrigin(patternsOf(key), page, key.test);
}

export function describeKey(key: WidgetKey) {
  return {
    key: key.key,
    test: key.test,
    plan: key.plan,
    monthlyLoads: monthlyLoadLimit(key.plan),
    domains: key.domains,
    name: key.name,
    dailyLimit: key.dailyLimit ?? null,
    browserOnly: key.browserOnly ?? false,
    hideOdds: key.hideOdds ?? false,
    oddsRegions: key.oddsRegions ?? null,
    betLinks: key.betLinks ?? [],
    gamblingLines: key.gamblingLines ?? null,
    createdAt: new Date(key.createdAt).toISOString(),
    revokedAt: key.revokedAt === null ? null : new Date(key.revokedAt).toISOString(),
  };
}

/** What an operator asks for a new key with (the CLI, the console, the admin API). */
export interface NewKey {
  plan: Plan;
  domains: string[];
  name: string;
  test: boolean;
  dailyLimit?: number | null;
  browserOnly?: boolean;
  hideOdds?: boolean;
  oddsRegions?: string[] | null;
  betLinks?: BetLink[];
  gamblingLines?: Record<string, string> | null;
}

export async function createKey(keys: KeyStore, input: NewKey, now: number): Promise<WidgetKey> {
  const key: WidgetKey = {
    key: generateKey(input.test),
    test: input.test,
    plan: input.plan,
    domains: input.domains,
    name: input.name,
    createdAt: now,
    revokedAt: null,
    dailyLimit: input.dailyLimit ?? null,
    browserOnly: input.browserOnly ?? false,
    hideOdds: input.hideOdds ?? false,
    oddsRegions: input.oddsRegions ?? null,
    betLinks: input.betLinks ?? [],
    gamblingLines: input.gamblingLines ?? null,
  };
  await keys.createKey(key);
  return key;
}

/**
 * A new key with the same settings; the old one keeps working for `graceMs` (pages keep loading while they are
 * updated to the new key), then is revoked.
 */
export async function rotateKey(keys: KeyStore, old: WidgetKey, graceMs: number, now: number): Promise<{ key: WidgetKey; old: WidgetKey }> {
  const key = await createKey(keys, { ...old }, now);
  return { key, old: (await keys.revokeKey(old.key, now + graceMs))! };
}
