import type { Unrefreshed } from '../../contract/routes.js';
import type { InjuriesPayload } from '../../contract/insights.js';
import { RelayError } from '../base/errors.js';
import { fromUpstream } from '../upstream/page-errors.js';
import type { ResourceContext } from './context.js';
import { freshnessOf } from './freshness.js';
import { teamDirectory } from './teams.js';

type Severity = InjuriesPayload['teams'][number]['players'][number]['severity'];

/** The status words differ by league; widgets get one scale to colour and sort by. */
export function severityOf(status: string): Severity {
  const word = status.toLowerCase();
  if (
    word.startsWith('out') ||
    word.includes(' il') ||
    word.includes('injured') ||
    word === 'ir' ||
    word === 'ltir' ||
    word.includes('reserve')
  )
    return 'out';
  if (word.startsWith('doubtful')) return 'doubtful';
  if (word.startsWith('questionable')) return 'questionable';
  if (word.startsWith('probable')) return 'probable';
  if (word.startsWith('day-to-day') || word.startsWith('day to day')) return 'day-to-day';
  return 'other';
}

export async function injuriesResource(
  ctx: ResourceContext,
  params: { league: string; team?: string },
): Promise<Unrefreshed<InjuriesPayload>> {
  const report = await ctx.upstream.injuries(params.league).catch((error) => {
    throw fromUpstream(error);
  });
  const teams = await teamDirectory(ctx.upstream, params.league);
  const rows = report.value.data.filter((row) => !params.team || row.teamAbbr?.toUpperCase() === params.team);
  if (params.team && rows.length === 0)
    throw new RelayError(
      'not_found',
      `No ${params.league.toUpperCase()} team "${params.team}" in the injury report; use the team's abbreviation, such as BOS.`,
    );
  return {
    league: params.league,
    reportDate: report.value.reportDate ?? null,
    teams: rows.map((row) => ({
      team: teams.team(row.teamAbbr, row.teamName),
      players: row.players.map((player) => ({
        id: player.playerId ?? null,
        name: player.name,
        position: player.position ?? null,
        status: player.status,
        severity: severityOf(player.status),
        reason: player.reason ?? null,
        practice: player.practiceParticipation ?? null,
        designation: player.gameDesignation ?? null,
      })),
    })),
    ...freshnessOf(ctx.now, report, teams.cached),
  };
}
