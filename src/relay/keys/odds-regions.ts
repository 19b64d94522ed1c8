import { z } from 'zod';

// Where odds may show: a key's list of ISO 3166 regions (`keys update KEY --odds-regions US-NJ,US-PA,GB`) against the
// reader's region as a trusted proxy names it (`serve --region-header NAME`, http/reader-region.ts).

/** An ISO 3166-1 alpha-2 country (`US`) or an ISO 3166-2 subdivision of one (`US-NJ`), in upper case. */
const REGION_CODE = /^[A-Z]{2}(-[A-Z0-9]{1,3})?$/;

/** The longest code (`US-NJX`), with room for spaces around it; anything longer is no code and is not parsed. */
const MAX_WRITTEN_LENGTH = 16;

/** Regions one key may list: every US state and Canadian province with room to spare, and a bound on what is stored. */
export const MAX_ODDS_REGIONS = 100;

/** The canonical code (upper case, trimmed), or undefined when `written` is none. */
export function regionCode(written: string): string | undefined {
  if (written.length > MAX_WRITTEN_LENGTH) return undefined;
  const code = written.trim().toUpperCase();
  return REGION_CODE.test(code) ? code : undefined;
}

export type OddsRegionList = { ok: true; regions: string[] } | { ok: false; message: string };

/** A key's list as an operator writes it (commas or repeats): each entry checked, upper case, duplicates dropped. */
export function parseOddsRegions(written: readonly string[]): OddsRegionList {
  const entries = written
    .flatMap((item) => item.split(','))
    .map((item) => item.trim())
    .filter(Boolean);
  const regions = new Set<string>();
  for (const entry of entries) {
    const code = regionCode(entry);
    if (!code) return { ok: false, message: `"${entry.slice(0, 40)}" is not an ISO 3166 code such as US, GB or US-NJ` };
    regions.add(code);
  }
  if (regions.size === 0)
    return { ok: false, message: 'give at least one region such as US-NJ (no list shows odds everywhere; --hide-odds shows them nowhere)' };
  if (regions.size > MAX_ODDS_REGIONS) return { ok: false, message: `at most ${MAX_ODDS_REGIONS} regions, not ${regions.size}` };
  return { ok: true, regions: [...regions] };
}

/** The regions where odds may show (`["US-NJ", "GB"]`), canonical; null: everywhere. */
export const oddsRegionsParam = z
  .array(z.string().max(16))
  .max(MAX_ODDS_REGIONS)
  .nullable()
  .transform((regions, ctx) => {
    if (regions === null) return null;
    const parsed = parseOddsRegions(regions);
    if (parsed.ok) return parsed.regions;
    ctx.addIssue({ code: 'custom', message: parsed.message });
    return z.NEVER;
  });

/**
 * Whether a reader in `readerRegion` may see odds under a key's list: with no list, anywhere; else where an entry names
 * the reader's region, or its country (`US` covers `US` and every `US-xx`; `US-NJ` covers `US-NJ` alone).
 */
export function oddsShownIn(oddsRegions: readonly string[] | null | undefined, readerRegion: string | undefined): boolean {
  if (!oddsRegions) return true;
  // An unknown region (no trusted proxy, no header, a value that is no code) is outside every list: a header that is
  // missing, stripped or forged must never open odds the operator closed.
  if (!readerRegion) return false;
  const country = readerRegion.slice(0, 2);
  return oddsRegions.some((entry) => entry === readerRegion || entry === country);
}
