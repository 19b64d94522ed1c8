import type { Team } from './leagues.js';
import { scriptOf, winnerOf, type GameSnapshot } from './schedule.js';
import { iso } from './http.js';

/** Shapes shared by several endpoints. */

/** An MMA fighter's career record and country (not shown in the spec: the sandbox's shape). */
function fighterFacts(team: Team) {
  return team.record ? { record: `${team.record.wins}-${team.record.losses}-${team.record.draws}`, country: team.country } : {};
}

function liveTeam(team: Team, score: number) {
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

/**
 * A final past regulation as feeds write it: Final/OT and Final/2OT, Final/SO after a shootout, Final/11 after extra
 * innings. A bout, or a match told in minutes (level after ninety), is just Final.
 */
function finalDetail(snap: GameSnapshot): string {
  const { game } = snap;
  const script = scriptOf(game);
  const { progress, regulationPeriods } = game.league;
  if (game.bout || progress === 'minutes' || script.endUnit <= script.regulationUnits) return STATUS_DETAIL.final;
  const last = script.stateAt(script.endUnit - 1e-6);
  if (progress === 'innings') return last.period > regulationPeriods ? `Final/${last.period}` : STATUS_DETAIL.final;
  if (last.segment === 'shootout') return 'Final/SO';
  return `Final/${/^\d*OT$/.test(last.periodLabel) ? last.periodLabel : 'OT'}`;
}

function standing(wins: Record<string, number>, bestOf: number): string {
  const [[first, a], [second, b]] = Object.entries(wins) as [[string, number], [string, number]];
  if (a === b) return `Series tied ${a}–${b}`;
  const [leader, high, low] = a > b ? [first, a, b] : [second, b, a];
  return `${leader} ${high === Math.ceil(bestOf / 2) ? 'wins series' : 'leads'} ${high}–${low}`;
}

/**
 * A postseason game's place in its series in words: "Game 5 · BOS leads 3–1" before and during the game, "BOS wins
 * series 4–1" once it is final; a single game says its round ("Super Bowl").
 */
function seriesDetail(snap: GameSnapshot): { text: string; wins: Record<string, number> } | undefined {
  const { series } = snap.game;
  if (!series) return undefined;
  if (series.bestOf === 1) return { text: series.round, wins: series.wins };
  if (snap.status !== 'final') {
    const before = series.gameNumber === 1 ? '' : ` · ${standing(series.wins, series.bestOf)}`;
    return { text: `${series.round} · Game ${series.gameNumber}${before}`, wins: series.wins };
  }
  const winner = winnerOf(snap.game).abbreviation;
  const wins = { ...series.wins, [winner]: series.wins[winner]! + 1 };
  return { text: `${series.round} · ${standing(wins, series.bestOf)}`, wins };
}

/** Not shown in the spec: the sandbox's shape of a postseason game's series, on /live-games and /games. */
export function seriesOf(snap: GameSnapshot) {
  const detail = seriesDetail(snap);
  const { series } = snap.game;
  if (!detail || !series) return {};
  return {
    series: {
      round: series.round,
      bestOf: series.bestOf,
      gameNumber: series.gameNumber,
      homeWins: detail.wins[snap.game.home.abbreviation]!,
      awayWins: detail.wins[snap.game.away.abbreviation]!,
      summary: detail.text,
    },
  };
}

export function liveGame(snap: GameSnapshot, nowMs: number) {
  const { game } = snap;
  return {
    gameId: game.ids.live,
    status: snap.status,
    statusDetail: game.postponed ? 'Postponed · Rain' : snap.status === 'final' ? finalDetail(snap) : STATUS_DETAIL[snap.status],
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
    ...seriesOf(snap),
  };
}
