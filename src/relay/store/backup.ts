import { z } from 'zod';
import type { ImportSummary, KeysBackupFile } from '../../contract/console.js';
import { parseDomainPattern } from '../keys/domains.js';
import { parsePlan, type WidgetKey } from '../keys/model.js';
import type { OpenedStore } from './open.js';
import type { MonthTotal, RelayStore } from './types.js';

/** The store secret every relay signs embed tokens with: restored, frames already embedded keep verifying. */
export const EMBED_TOKEN_SECRET = 'embed-tokens';
/** The secrets a whole-store backup carries (never `keys export`, which is meant to be handed around). */
const BACKED_UP_SECRETS = [EMBED_TOKEN_SECRET];

const MONTH = /^\d{4}-(0[1-9]|1[0-2])$/;

const keySchema = z.object({
  key: z.string().regex(/^pk_(live|test)_[0-9a-f]{32}$/, 'a key is pk_live_ or pk_test_ and 32 hex characters'),
  test: z.boolean(),
  plan: z.string().refine((plan) => parsePlan(plan) !== undefined, 'a plan is free, starter, builder, pro or custom:N'),
  domains: z
    .array(z.string().max(300))
    .min(1)
    .max(100)
    .refine((domains) => domains.every((domain) => parseDomainPattern(domain).ok), 'every domain is a pattern keys create accepts'),
  name: z.string().max(200),
  createdAt: z.number().int().nonnegative(),
  revokedAt: z.number().int().nonnegative().nullable(),
  dailyLimit: z.number().int().positive().nullable().optional(),
  browserOnly: z.boolean().optional(),
  hideOdds: z.boolean().optional(),
});

/** A keys backup as it must be to be imported (`keys import`, the console); bounded, every key and domain checked. */
export const keysBackupSchema = z.object({
  format: z.literal('pressbox-keys'),
  version: z.literal(1),
  exportedAt: z.string(),
  keys: z.array(keySchema).max(100_000),
  usage: z.array(z.object({ key: z.string(), month: z.string().regex(MONTH), loads: z.number().int().nonnegative() })).max(10_000_000),
  secrets: z.record(z.string(), z.string().max(1000)).optional(),
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
      });
      summary.created++;
      continue;
    }
    const { plan, domains, name, dailyLimit = null, browserOnly = false, hideOdds = false } = key;
    await store.updateKey(key.key, { plan, domains, name, dailyLimit, browserOnly, hideOdds });
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
