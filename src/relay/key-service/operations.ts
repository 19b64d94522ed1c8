import type { WidgetKey } from '../keys/model.js';
import type { BetLink } from '../keys/bet-links.js';
import { checkOrigin, createKey, rotateKey, type NewKey } from './service.js';
import type { OriginCheck } from '../../contract/console.js';
import type { ConsoleStore, KeyStore } from '../store/types.js';

/** What a change may set: the store's own list of a key's settings. */
export type KeyChange = Parameters<KeyStore['updateKey']>[1];

const listed = (values: readonly string[]) => (values.length ? values.join(', ') : 'none');
const limitText = (limit: number | null | undefined) => (limit ? `${limit} a day` : 'no daily ceiling');
const regionsText = (regions: readonly string[] | null | undefined) => (regions ? regions.join(', ') : 'everywhere');
const booksText = (books: readonly BetLink[] | undefined) => (books?.length ? books.map((book) => book.name).join(', ') : 'none');
const booksWritten = (books: readonly BetLink[] | undefined) => JSON.stringify(books ?? []);
const linesText = (lines: Record<string, string> | null | undefined) =>
  lines && Object.keys(lines).length ? Object.keys(lines).join(', ') : 'none';

/** A change in the words the audit log keeps: only what differs, before → after. */
function describeChange(before: WidgetKey, change: KeyChange): string {
  const parts: string[] = [];
  if (change.plan !== undefined && change.plan !== before.plan) parts.push(`plan ${before.plan} → ${change.plan}`);
  if (change.domains) {
    const added = change.domains.filter((domain) => !before.domains.includes(domain));
    const removed = before.domains.filter((domain) => !change.domains!.includes(domain));
    if (added.length) parts.push(`domains added: ${listed(added)}`);
    if (removed.length) parts.push(`domains removed: ${listed(removed)}`);
  }
  if (change.name !== undefined && change.name !== before.name) parts.push(`name “${before.name}” → “${change.name}”`);
  if (change.dailyLimit !== undefined && (change.dailyLimit ?? null) !== (before.dailyLimit ?? null))
    parts.push(`daily limit ${limitText(before.dailyLimit)} → ${limitText(change.dailyLimit)}`);
  if (change.browserOnly !== undefined && change.browserOnly !== (before.browserOnly ?? false))
    parts.push(change.browserOnly ? 'browsers only' : 'scripts allowed');
  if (change.hideOdds !== undefined && change.hideOdds !== (before.hideOdds ?? false))
    parts.push(change.hideOdds ? 'odds hidden' : 'odds shown');
  if (change.oddsRegions !== undefined && regionsText(change.oddsRegions) !== regionsText(before.oddsRegions))
    parts.push(`odds regions ${regionsText(before.oddsRegions)} → ${regionsText(change.oddsRegions)}`);
  if (change.betLinks !== undefined && booksWritten(change.betLinks) !== booksWritten(before.betLinks))
    parts.push(`bet links ${booksText(before.betLinks)} → ${booksText(change.betLinks)}`);
  if (change.gamblingLines !== undefined && JSON.stringify(change.gamblingLines) !== JSON.stringify(before.gamblingLines ?? null))
    parts.push(`gambling lines ${linesText(before.gamblingLines)} → ${linesText(change.gamblingLines)}`);
  return parts.length ? parts.join('; ') : 'no change';
}

/**
 * Everything an operator does to keys — list, find, check an origin, create, change, rotate, revoke — as the admin
 * API, the console and the CLI all do it, so the three cannot drift. Each change is written to the audit log with who
 * made it (`actor`).
 */
export function keyOperations(store: KeyStore, log: Pick<ConsoleStore, 'appendAudit'>, actor: string, now: () => number) {
  const audit = (action: string, key: string, detail: string) => log.appendAudit({ at: now(), actor, action, key, detail });
  return {
    list: (): Promise<WidgetKey[]> => store.listKeys(),
    /** The key, or undefined when the store has none such (each caller refuses in its own words). */
    find: (value: string): Promise<WidgetKey | undefined> => store.getKey(value),
    /** Whether a page origin may use the key now, and which rule decided: what a widget request would be told. */
    check: (key: WidgetKey, origin: string): OriginCheck => ({ key: key.key, origin, ...checkOrigin(key, origin, now()) }),
    async create(input: NewKey): Promise<WidgetKey> {
      const key = await createKey(store, input, now());
      const extras = [input.test ? 'test key' : 'live key', `domains: ${listed(input.domains)}`];
      if (input.dailyLimit) extras.push(limitText(input.dailyLimit));
      if (input.browserOnly) extras.push('browsers only');
      if (input.hideOdds) extras.push('odds hidden');
      if (input.oddsRegions) extras.push(`odds only in ${regionsText(input.oddsRegions)}`);
      if (input.betLinks?.length) extras.push(`bet links ${booksText(input.betLinks)}`);
      if (input.gamblingLines) extras.push(`gambling lines ${linesText(input.gamblingLines)}`);
      await audit(
        'key.create',
        key.key,
        `created on plan ${input.plan} (${extras.join('; ')})${input.name ? `, named “${input.name}”` : ''}`,
      );
      return key;
    },
    async update(before: WidgetKey, change: KeyChange): Promise<WidgetKey> {
      const after = (await store.updateKey(before.key, change))!;
      await audit('key.update', before.key, describeChange(before, change));
      return after;
    },
    async rotate(old: WidgetKey, graceMs: number): Promise<{ key: WidgetKey; old: WidgetKey }> {
      const rotated = await rotateKey(store, old, graceMs, now());
      const until = new Date(rotated.old.revokedAt!).toISOString();
      await audit('key.rotate', old.key, `replaced by ${rotated.key.key}; works until ${until}`);
      await audit('key.create', rotated.key.key, `created by rotating ${old.key}`);
      return rotated;
    },
    async revoke(key: WidgetKey): Promise<WidgetKey> {
      const revoked = (await store.revokeKey(key.key, now()))!;
      await audit('key.revoke', key.key, 'revoked');
      return revoked;
    },
  };
}

export type KeyOperations = ReturnType<typeof keyOperations>;
