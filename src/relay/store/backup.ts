import { z } from 'zod';
import type { ImportSummary, KeysBackupFile } from '../../contract/console.js';
import { RelayError } from '../base/errors.js';
import { parseDomainPattern } from '../keys/domains.js';
import { parsePlan, type WidgetKey } from '../keys/model.js';
import { oddsRegionsParam } from '../keys/odds-regions.js';
import { betLinksParam } from '../keys/bet-links.js';
import { gamblingLinesParam } from '../keys/gambling-lines.js';
import type { OpenedStore } from './open.js';
import type { MonthTotal, RelayStore } from './types.js';

/** The store secret every relay signs embed tokens with: restored, frames already embedded keep verifying. */
export const EMBED_TOKEN_SECRET = 'embed-tokens';
/** The secrets a whole-store backup carries (never `keys export`, which is meant to be handed around). */
const BACKED_UP_SECRETS = [EMBED_TOKEN_SECRET];

const MONTH = /^\d{4}-(0[1-9]|1[0-2])$/;
/** What one backup may hold: a store this size exports to about 60 MB, below the file bound `keys import` sets. */
export const BACKUP_LIMITS = { keys: 100_000, usage: 500_000 };

const keyValue = z.string().regex(/^pk_(live|test)_[0-9a-f]{32}$/, 'a key is pk_live_ or pk_test_ and 32 hex characters');
// eslint-disable-next-line no-control-regex -- refusing control characters is this expression's whole job
const CONTROLS = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/;

const keySchema = z.object({
  key: keyValue,
  test: z.boolean(),
  plan: z.string().refine((plan) => parsePlan(plan) !== undefined, 'a plan is free, starter, builder, pro or custom:N'),
  domains: z
    .array(z.string().max(300))
    .min(1)
    .max(100)
    .refine((domains) => domains.every((domain) => parseDomainPattern(domain).ok), 'every domain is a pattern keys create accepts'),
  name: z
    .string()
    .max(200)
    .refine((name) => !CONTROLS.test(name), 'a name has no control characters (they would reach a terminal raw)'),
  createdAt: z.number().int().nonnegative(),
  revokedAt: z.number().int().nonnegative().nullable(),
  dailyLimit: z.number().int().positive().nullable().optional(),
  browserOnly: z.boolean().optional(),
  hideOdds: z.boolean().optional(),
  oddsRegions: oddsRegionsParam.optional(),
  betLinks: betLinksParam.optional(),
  gamblingLines: gamblingLinesParam.optional(),
});

/** A keys backup as it must be to be imported (`keys import`, the console); bounded, every key and domain checked. */
export const keysBackupSchema = z.object({
  format: z.literal('pressbox-keys'),
  version: z.literal(1),
  exportedAt: z.string().max(40),
  keys: z.array(keySchema).max(BACKUP_LIMITS.keys),
  usage: z
    .array(z.object({ key: keyValue, month: z.string().regex(MONTH, 'a month is YYYY-MM'), loads: z.number().int().nonnegative() }))
    .max(BACKUP_LIMITS.usage),
  // Only names the relay defines: any other would pre-claim a mark the relay sets once (an alert's, a poller's).
  secrets: z
    .record(z.string(), z.string().min(1).max(1000))
    .refine((secrets) => Object.keys(secrets).every((name) => BACKED_UP_SECRETS.includes(name)), {
      message: `a backup carries no secret but ${BACKED_UP_SECRETS.join(', ')}`,
    })
    .optional(),
});

/** Keys with their values, domains, plans and limits, and every month's loads: a file `keys import` restores. */
export type KeysBackup = KeysBackupFile;
export type { ImportSummary };

/** What `keys export` (and, with secrets, a Redis `store backup`) writes. */
export async function exportKeys(store: RelayStore, options: { secrets?: boolean } = {}): Promise<KeysBackup> {
  const secrets: Record<string, string> = {};
  if (options.secrets)
    for (const name of BACKED_UP_SECRETS) {
      const value = await store.readSecret(name);
      if (value !== undefined) secrets[name] = value;
    }
  return {
    format: 'pressbox-keys',
    version: 1,
    exportedAt: new Date().toISOString(),
    keys: await store.listKeys(),
    usage: await store.monthlyTotals(),
    ...(options.secrets ? { secrets } : {}),
  };
}

/** A backup file's text, checked; a file that is not one says which field is wrong and where. */
export function parseBackup(text: string): KeysBackup {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new Error('the file is not JSON: pass a file written by pressbox keys export (or store backup with --redis)');
  }
  const parsed = keysBackupSchema.safeParse(json);
  if (parsed.success) return parsed.data satisfies KeysBackup;
  const issue = parsed.error.issues[0]!;
  throw new Error(`the file is not a Pressbox keys backup: ${issue.path.join('.') || 'its top level'}: ${issue.message}`);
}

/**
 * Restores keys (same values, so every publisher page keeps working), their settings, and each month's loads raised to
 * the backup's (never lowered: loads counted since stay). A key present already takes the backup's settings; a key
 * revoked in the backup stays revoked. An emptied Redis gets its marker back, and the relays serve again.
 */
export async function importKeys(store: OpenedStore, backup: KeysBackup): Promise<ImportSummary> {
  const summary: ImportSummary = { created: 0, updated: 0, months: 0, secrets: 0, marked: false };
  const emptied = Boolean(store.marker && !(await store.marker.check()));
  await refuseUsageOfUnknownKeys(store, backup, emptied);
  // The marker first: while it is missing, a relay's store refuses every call, these included.
  if (emptied) summary.marked = Boolean(await store.marker!.write());
  for (const key of backup.keys as WidgetKey[]) {
    const current = await store.getKey(key.key);
    if (!current) {
      await store.createKey({
        ...key,
        dailyLimit: key.dailyLimit ?? null,
        browserOnly: key.browserOnly ?? false,
        hideOdds: key.hideOdds ?? false,
        oddsRegions: key.oddsRegions ?? null,
        betLinks: key.betLinks ?? [],
        gamblingLines: key.gamblingLines ?? null,
      });
      summary.created++;
      continue;
    }
    const {
      plan,
      domains,
      name,
      dailyLimit = null,
      browserOnly = false,
      hideOdds = false,
      oddsRegions = null,
      betLinks = [],
      gamblingLines = null,
    } = key;
    await store.updateKey(key.key, { plan, domains, name, dailyLimit, browserOnly, hideOdds, oddsRegions, betLinks, gamblingLines });
    if (key.revokedAt !== null) await store.revokeKey(key.key, key.revokedAt);
    summary.updated++;
  }
  for (const { key, month, loads } of backup.usage as MonthTotal[]) {
    if (loads === 0 || (!emptied && loads <= (await store.loadsUsed(key, month)))) continue;
    await store.restoreLoads(key, month, loads, emptied);
    summary.months++;
  }
  for (const [name, value] of Object.entries(backup.secrets ?? {})) {
    if ((await store.readSecret(name)) !== undefined) continue;
    await store.sharedSecret(name, () => value);
    summary.secrets++;
  }
  return summary;
}

/** Usage only for keys the file restores or the store holds: checked before anything is written. */
async function refuseUsageOfUnknownKeys(store: RelayStore, backup: KeysBackup, emptied: boolean): Promise<void> {
  const known = new Set(backup.keys.map((key) => key.key));
  for (const [index, { key }] of backup.usage.entries()) {
    // An emptied store holds no key: the file must bring every key its usage names.
    if (known.has(key) || (!emptied && (await store.getKey(key)))) {
      known.add(key);
      continue;
    }
    throw new RelayError(
      'bad_request',
      `usage.${index}.key: ${key} is neither in the file's keys nor in this store: nothing was imported; export the key with its usage, or remove those rows.`,
    );
  }
}
