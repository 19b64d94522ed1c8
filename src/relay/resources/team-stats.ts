import type { Unrefreshed } from '../../contract/routes.js';
import type { TeamStatsPayload } from '../../contract/season.js';
import { RelayError } from '../base/errors.js';
import { fromUpstream } from '../upstream/page-errors.js';
import type { ResourceContext } from './context.js';
import { freshnessOf } from './freshness.js';
import { teamDirectory } from './teams.js';

/** The compact layout's numbers per league, in order; keys the service does not send are skipped. */
const HEADLINES: Record<string, readonly string[]> = {
  nba: ['ppg', 'ppgAllowed', 'reb', 'ast', 'fgPct', 'threePct'],
  nfl: ['ppg', 'ppgAllowed', 'ypg', 'ypgAllowed', 'turnoverDiff'],
  nhl: ['gpg', 'gaPg', 'ppPct', 'pkPct'],
  mlb: ['rpg', 'raPg', 'avg', 'era'],
};

const GROUPS = ['offense', 'defense', 'derived'] as const;

/** `"T-3"` → rank 3, tied; `"12"` → 12; anything else → no rank. */
function readRank(value: string | undefined): { rank: number | null; tied: boolean } {
  const match = value ? /^(T-?)?(\d+)$/i.exec(value.trim()) : null;
  return match ? { rank: Number(match[2]), tied: Boolean(match[1]) } : { rank: null, tied: false };
}

/** A team's season numbers with their league ranks, from the league's team-stats (one call serves every team). */
export async function teamStatsResource(
  ctx: ResourceContext,
  params: { league: string; team: string },
): Promise<Unrefreshed<TeamStatsPayload>> {
  const [stats, teams] = await Promise.all([
    ctx.upstream.teamStats(params.league).catch((error) => {
      throw fromUpstream(error);
    }),
    teamDirectory(ctx.upstream, params.league),
  ]);
  const row = stats.value.teams.find((candidate) => candidate.team.abbreviation.toUpperCase() === params.team);
  if (!row)
    throw new RelayError(
      'not_found',
      `No ${params.league.toUpperCase()} team "${params.team}" in the team statistics; use the team's abbreviation, such as BOS.`,
    );
  const headlines = HEADLINES[params.league] ?? [];
  const definitions = stats.value.definitions ?? {};
  const list = GROUPS.flatMap((group) =>
    Object.entries(row.stats[group] ?? {}).map(([key, value]) => ({
      key,
      group,
      label: definitions[group]?.[key] ?? key,
      value,
      ...readRank(row.ranks?.[group]?.[key]),
      headline: headlines.includes(key),
      percent: /pct$/i.test(key),
    })),
  );
  // Headline numbers first, in their own order; the rest as the service lists them.
  list.sort((a, b) => rankOf(headlines, a.key) - rankOf(headlines, b.key));
  if (!list.some((stat) => stat.headline)) for (const stat of list.slice(0, 4)) stat.headline = true;
  return {
    league: params.league,
    season: stats.value.season ?? null,
    team: teams.team(row.team.abbreviation, row.team.name),
    gamesPlayed: row.meta?.gp ?? null,
    teamsRanked: stats.value.teams.length || null,
    stats: list,
    ...freshnessOf(ctx.now, stats, teams.cached),
  };
}

function rankOf(headlines: readonly string[], key: string): number {
  const index = headlines.indexOf(key);
  return index === -1 ? headlines.length : index;
}
