import type { Team } from './leagues.js';
import { scriptOf, type GameSnapshot } from './schedule.js';
import { iso } from './http.js';

/** Shapes shared by several endpoints. */

/** An MMA fighter's career record and country (not shown in the spec: the sandbox's shape). */
function fighterFacts(team: Team) {
  return team.record ? { record: `${team.record.wins}-${team.record.losses}-${team.record.draws}`, country: team.country } : {};
}

export function liveTeam(team: Team, score: number) {
  return { id: team.abbreviation.toLowerCase(), name: team.fullName, abbreviation: team.abbreviation, score, ...fighterFacts(team) };
}

export function storedTeam(team: Team) {
  return {
    id: team.numericId,
    name: team.fullName,
    abbreviation: team.abbreviation,
    primaryColor: team.primaryColor,
    secondaryColor: team.secondaryColor,
    ...fighterFacts(team),
  };
}

const STATUS_DETAIL = { scheduled: 'Scheduled', live: 'In Progress', final: 'Final' } as const;

export function liveGame(snap: GameSnapshot, nowMs: number) {
  const { game } = snap;
  return {
    gameId: game.ids.live,
    status: snap.status,
    statusDetail: STATUS_DETAIL[snap.status],
    isLive: snap.status === 'live',
    isFinal: snap.status === 'final',
    startTime: iso(game.startMs),
    awayTeam: liveTeam(game.away, snap.score.away),
    homeTeam: liveTeam(game.home, snap.score.home),
    state: snap.state,
    lastUpdated: iso(snap.status === 'final' ? snap.endMs : nowMs),
    // MMA (not shown in the spec, the sandbox's shape): the bout's place on its card, and once final how it ended.
    ...(game.bout ? { bout: game.bout } : {}),
    ...(game.bout && snap.status === 'final' ? { result: scriptOf(game).result } : {}),
  };
}
