import type { Unrefreshed } from '../../contract/routes.js';
import type { StandingsPayload } from '../../contract/season.js';
import { fromUpstream, RelayError } from '../errors.js';
import type { ResourceContext } from './context.js';
import { freshnessOf } from './freshness.js';
import { teamDirectory } from './teams.js';

/** Leagues whose games can end level, so their tables always show a ties column. */
const TIE_LEAGUES = new Set(['nfl']);

/** The league table from /teams' standings, refreshed every few minutes; names and colours as every element has them. */
export async function standingsResource(ctx: ResourceContext, params: { league: string }): Promise<Unrefreshed<StandingsPayload>> {
  const [table, teams] = await Promise.all([
    ctx.upstream.standings(params.league).catch((error) => {
      throw fromUpstream(error);
    }),
    teamDirectory(ctx.upstream, params.league),
  ]);
  const rows = table.value.data
    .filter((row) => row.standings)
    .map((row) => {
      const standing = row.standings!;
      const wins = standing.wins ?? 0;
      const losses = standing.losses ?? 0;
      const ties = standing.ties ?? 0;
      const played = wins + losses + ties;
      return {
        team: teams.team(row.abbreviation, row.fullName),
        wins,
        losses,
        ties,
        pct: standing.pct ?? (played === 0 ? 0 : Math.round(((wins + ties / 2) / played) * 1000) / 1000),
        pointsFor: standing.pointsFor ?? null,
        pointsAgainst: standing.pointsAgainst ?? null,
        streak: standing.streak || null,
      };
    })
    .sort((a, b) => b.pct - a.pct || b.wins - a.wins || a.team.name.localeCompare(b.team.name));
  if (rows.length === 0 && table.value.data.length > 0)
    throw new RelayError('not_found', `The data service keeps no standings for ${params.league.toUpperCase()}.`);
  return {
    league: params.league,
    hasTies: TIE_LEAGUES.has(params.league) || rows.some((row) => row.ties > 0),
    rows,
    ...freshnessOf(ctx.now, table, teams.cached),
  };
}
