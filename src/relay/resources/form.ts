import type { Unrefreshed } from '../../contract/routes.js';
import type { FormPayload } from '../../contract/insights.js';
import { RelayError } from '../base/errors.js';
import { fromUpstream } from '../upstream/page-errors.js';
import type { ResourceContext } from './context.js';
import { freshnessOf } from './freshness.js';
import { teamDirectory } from './teams.js';
import { boutEnding } from './bouts.js';

type FormGame = FormPayload['games'][number];

function resultOf(team: number, opponent: number): FormGame['result'] {
  return team > opponent ? 'W' : team < opponent ? 'L' : 'T';
}

export async function formResource(
  ctx: ResourceContext,
  params: { league: string; team: string; opponent?: string },
): Promise<Unrefreshed<FormPayload>> {
  const teams = await teamDirectory(ctx.upstream, params.league);
  const team = teams.team(params.team);
  let games: FormGame[];
  let source;
  if (params.opponent) {
    if (params.opponent === params.team) throw new RelayError('bad_request', 'Bad request: opponent must differ from team.');
    // Checked against the league's directory (cached for hours) before a pair that does not exist is asked upstream.
    for (const abbreviation of [params.team, params.opponent])
      if (!teams.knows(abbreviation))
        throw new RelayError(
          'not_found',
          `No ${params.league.toUpperCase()} team "${abbreviation}"; use the team's abbreviation, such as BOS.`,
        );
    source = await ctx.upstream.headToHead(params.league, params.team, params.opponent).catch((error) => {
      throw fromUpstream(error);
    });
    const opponent = teams.team(params.opponent);
    games = source.value.games.map((meeting) => {
      const home = meeting.homeTeam.abbreviation.toUpperCase() === params.team;
      const ours = home ? meeting.homeTeam.score : meeting.awayTeam.score;
      const theirs = home ? meeting.awayTeam.score : meeting.homeTeam.score;
      return {
        id: String(meeting.gameId ?? `${meeting.date}-${params.team}-${params.opponent}`),
        date: meeting.date,
        homeAway: home ? 'home' : 'away',
        opponent,
        score: { team: ours, opponent: theirs },
        result: resultOf(ours, theirs),
      };
    });
  } else {
    source = await ctx.upstream.recentForm(params.league).catch((error) => {
      throw fromUpstream(error);
    });
    const row = source.value.data.find((candidate) => candidate.abbreviation.toUpperCase() === params.team);
    if (!row)
      throw new RelayError(
        'not_found',
        `No ${params.league.toUpperCase()} team "${params.team}"; use the team's abbreviation, such as BOS.`,
      );
    games = row.games.map((game) => {
      const ending = boutEnding({ method: game.method, detail: game.methodDetail, round: game.round, time: game.time });
      return {
        id: String(game.gameId ?? `${game.date}-${params.team}`),
        date: game.date,
        homeAway: game.homeAway === 'home' ? 'home' : 'away',
        opponent: teams.team(game.opponent.abbreviation, game.opponent.name),
        score: { team: game.teamScore, opponent: game.opponentScore },
        result: resultOf(game.teamScore, game.opponentScore),
        ...(ending && { ending }),
      };
    });
  }
  games = games.slice(0, 5);
  const count = (result: FormGame['result']) => games.filter((game) => game.result === result).length;
  return {
    league: params.league,
    team,
    opponent: params.opponent ? teams.team(params.opponent) : null,
    games,
    summary: { wins: count('W'), losses: count('L'), ties: count('T') },
    ...freshnessOf(ctx.now, source, teams.cached),
  };
}
