import { z } from 'zod';
import { MAX_ODDS_REGIONS, regionCode } from './odds-regions.js';

// A key's responsible-gambling line per region (issue 72: `keys update KEY --gambling-line 'US-NJ=21+. Gambling
// problem? Call 1-800-GAMBLER.'`): each region asks for its own helpline and age notice. The betting elements show the
// reader's region's line in place of the publisher's `gambling` slot, which stays the line everywhere else.

/** A line's longest: an age notice, a helpline and a website fit in two lines of a 280 px column. */
const MAX_LINE_LENGTH = 200;

/** Region code (`US-NJ`, `GB`) → the line shown to readers there. */
export type GamblingLines = Record<string, string>;

export type GamblingLineList = { ok: true; lines: GamblingLines } | { ok: false; message: string };

/** One region's line: plain text, as readers see it (the element escapes it; no markup is taken). */
function lineProblem(region: string, line: string): string | undefined {
  if (!line) return `${region}: write the line after "=", such as US-NJ=21+. Gambling problem? Call 1-800-GAMBLER.`;
  if (line.length > MAX_LINE_LENGTH) return `${region}: the line is longer than ${MAX_LINE_LENGTH} characters`;
  if (/[\p{Cc}<>]/u.test(line)) return `${region}: the line is plain text, without < or > or control characters`;
  return undefined;
}

/**
 * Lines as an operator writes them (`REGION=line`, repeatable) or as the admin API gives them (`[region, line]`): each
 * checked, regions canonical, the last one for a region winning.
 */
export function parseGamblingLines(written: ReadonlyArray<string | readonly [string, string]>): GamblingLineList {
  const lines: GamblingLines = {};
  for (const entry of written) {
    const split = typeof entry === 'string' ? entry.indexOf('=') : -1;
    if (typeof entry === 'string' && split === -1)
      return { ok: false, message: `write each line as "REGION=line", such as "US-NJ=21+ only…", not "${entry.slice(0, 40)}"` };
    const [code, given] = typeof entry === 'string' ? [entry.slice(0, split), entry.slice(split + 1)] : entry;
    const region = regionCode(code);
    if (!region) return { ok: false, message: `"${code.slice(0, 20)}" is not an ISO 3166 code such as US, GB or US-NJ` };
    const line = given.trim();
    const problem = lineProblem(region, line);
    if (problem) return { ok: false, message: problem };
    lines[region] = line;
  }
  if (Object.keys(lines).length > MAX_ODDS_REGIONS)
    return { ok: false, message: `at most ${MAX_ODDS_REGIONS} regions, not ${Object.keys(lines).length}` };
  return { ok: true, lines };
}

/** The lines as the admin API, the console and backups send them (`{ "US-NJ": "…" }`), checked; null: none. */
export const gamblingLinesParam = z
  .record(z.string().max(16), z.string().max(1000))
  .nullable()
  .transform((lines, ctx) => {
    if (lines === null || Object.keys(lines).length === 0) return null;
    const parsed = parseGamblingLines(Object.entries(lines));
    if (parsed.ok) return parsed.lines;
    ctx.addIssue({ code: 'custom', message: parsed.message });
    return z.NEVER;
  });

/** The reader's region's line: its subdivision's (`US-NJ`), else its country's (`US`); none for an unknown region. */
export function gamblingLineFor(lines: GamblingLines | null | undefined, readerRegion: string | undefined): string | undefined {
  if (!lines || !readerRegion) return undefined;
  return lines[readerRegion] ?? lines[readerRegion.slice(0, 2)];
}
