import type { Unrefreshed } from '../../contract/routes.js';
import type { StandingsPayload } from '../../contract/season.js';
import { RelayError } from '../base/errors.js';
import { fromUpstream } from '../upstream/page-errors.js';
import type { ResourceContext } from './context.js';
import { freshnessOf } from './freshness.js';
import { teamDirectory } from './teams.js';
import { leagueRecord } from '../../contract/leagues.js';

type Row = StandingsPayload['rows'][number];

/** Best record first; a points table by points, then wins, goal difference and goals scored, as MLS ranks its clubs. */
function ranking(byPoints: boolean): (a: Row, b: Row) => number {
  const byName = (a: Row, b: Row): number => a.team.name.localeCompare(b.team.name);
  if (!byPoints) return (a, b) => b.pct - a.pct || b.wins - a.wins || byName(a, b);
  const difference = (row: Row): number => (row.pointsFor ?? 0) - (row.pointsAgainst ?? 0);
  return (a, b) =>
    (b.points ?? 0) - (a.points ?? 0) ||
    b.wins - a.wins ||
    difference(b) - difference(a) ||
    (b.pointsFor ?? 0) - (a.pointsFor ?? 0) ||
    byName(a, b);
}

/** The league table from /teams' standings, refreshed every few minutes; names and colours as every element has them. */
export async function standingsResource(ctx: ResourceContext, params: { league: string }): Promise<Unrefreshed<StandingsPayload>> {
  const [table, teams] = await Promise.all([
    ctx.upstream.standings(params.league).catch((error) => {
      throw fromUpstream(error);
    }),
    teamDirectory(ctx.upstream, params.league),
  ]);
  const league = leagueRecord(params.league);
  const byPoints = league?.standings === 'points';
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
        ...(byPoints
          ? {
              points: standing.points ?? wins * 3 + ties,
              ...(standing.pointsFor !== undefined && standing.pointsAgainst !== undefined
                ? { goalDifference: standing.pointsFor - standing.pointsAgainst }
                : {}),
            }
          : {}),
      };
    })
    .sort(ranking(byPoints));
  if (rows.length === 0 && table.value.data.length > 0)
    throw new RelayError('not_found', `The data service keeps no standings for ${params.league.toUpperCase()}.`);
  return {
    league: params.league,
    // A league whose games can end level always shows the column (ties, draws).
    hasTies: league?.endsLevel !== undefined || rows.some((row) => row.ties > 0),
    rows,
    ...freshnessOf(ctx.now, table, teams.cached),
  };
}
