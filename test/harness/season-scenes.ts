// The instants of a season at which the state matrix looks at the elements (test/e2e/state-matrix.test.ts), found in
// the sandbox's own calendar (src/sandbox/calendar): a new league, or a state its season gains, joins the matrix from
// the table, and every instant is pinned, so the matrix sees the same world on any day it runs.
import { WIDGET_LEAGUES, type WidgetLeague } from '../../src/contract/leagues.js';
import { addDays } from '../../src/sandbox/dates.js';
import { LEAGUES, type League, type LeagueCode } from '../../src/sandbox/leagues.js';
import { slate, snapshot, type Game } from '../../src/sandbox/schedule.js';
import { nextSeason, phaseOf, seasonAt, seasonOpening, type Season } from '../../src/sandbox/calendar/seasons.js';

/**
 * What a reader can meet, each reached through the calendar: a regular-season day before, during and after its first
 * game; a rained-out game; a postseason game deep in its series; a day of the season without games; the off-season;
 * an article's older `date` and its pinned `as-of`; a key that hides odds; the data service failing, before a page
 * loaded (error) and after (stale: the relay answers what it holds).
 */
export const SEASON_STATES = [
  'scheduled',
  'live',
  'final',
  'postponed',
  'postseason',
  'quiet-day',
  'off-season',
  'old-date',
  'as-of',
  'hidden-odds',
  'error',
  'stale',
] as const;
export type SeasonState = (typeof SEASON_STATES)[number];

export interface Scene {
  league: WidgetLeague;
  state: SeasonState;
  /** The instant the relay and its sandbox are set to. */
  at: number;
  /** The game the game elements show: its Eastern date, teams (the page finds its id on the relay) and final whistle. */
  game?: { date: string; home: string; away: string; endsAt: number };
  /** The day an old `date` or a pinned `as-of` names. */
  pinnedDate?: string;
  /** The first day of the league's next season (off-season scenes: when the elements must say it is back). */
  backOn?: string;
  /** The next game's start (quiet-day scenes: what "Next" must name). */
  nextStart?: number;
}

/** The season the matrix walks: the one that opens in this year (2026-27 for the winter leagues). */
const SEASON_YEAR = 2026;
const HOUR = 3_600_000;
/** Far enough into the regular season for tables, form and histories to exist. */
const SETTLED_DAYS = 21;
/** An article's date a week and a day before the scene: older than the relay's three days of recent finals. */
const OLD_DAYS = 8;

const codeOf = (league: WidgetLeague) => league.toUpperCase() as LeagueCode;
const played = (games: Game[]) => games.filter((game) => !game.postponed);
const sideOf = (game: Game) => ({
  date: game.date,
  home: game.home.abbreviation,
  away: game.away.abbreviation,
  endsAt: snapshot(game, game.startMs).endMs,
});

function firstDayWith(league: League, from: string, until: string, wanted: (games: Game[]) => boolean): string | undefined {
  for (let date = from; date <= until; date = addDays(date, 1)) if (wanted(slate(league, date))) return date;
  return undefined;
}

/** The last game played before a day: what an article's game elements show on a day without games. */
function latestGame(league: League, before: string): Scene['game'] {
  const day = [...Array(400).keys()].map((back) => addDays(before, -back - 1)).find((date) => played(slate(league, date)).length > 0);
  return day ? sideOf(played(slate(league, day)).at(-1)!) : undefined;
}

function regularScenes(league: WidgetLeague, calendar: League, season: Season): Scene[] {
  const from = addDays(season.regular.start, SETTLED_DAYS);
  const day = firstDayWith(calendar, from, season.regular.end, (games) => played(games).length > 0);
  if (!day) return [];
  const first = played(slate(calendar, day)).sort((a, b) => a.startMs - b.startMs)[0]!;
  const live = first.startMs + first.plannedMs / 2;
  const earlier = slate(calendar, addDays(day, -OLD_DAYS)).length
    ? addDays(day, -OLD_DAYS)
    : (firstDayWith(calendar, addDays(day, -OLD_DAYS - 7), addDays(day, -OLD_DAYS), (games) => played(games).length > 0) ??
      addDays(day, -OLD_DAYS));
  const scenes: Scene[] = [
    { league, state: 'scheduled', at: first.startMs - 3 * HOUR, game: sideOf(first) },
    { league, state: 'live', at: live, game: sideOf(first) },
    { league, state: 'final', at: snapshot(first, first.startMs).endMs + HOUR / 3, game: sideOf(first) },
    { league, state: 'old-date', at: live, pinnedDate: earlier, game: sideOf(played(slate(calendar, earlier))[0] ?? first) },
    { league, state: 'as-of', at: live, pinnedDate: earlier, game: sideOf(first) },
    { league, state: 'hidden-odds', at: live, game: sideOf(first) },
    { league, state: 'error', at: live, game: sideOf(first) },
    { league, state: 'stale', at: live, game: sideOf(first) },
  ];
  const rainedOut = firstDayWith(calendar, season.regular.start, season.regular.end, (games) => games.some((game) => game.postponed));
  if (rainedOut) {
    const game = slate(calendar, rainedOut).find((candidate) => candidate.postponed)!;
    scenes.push({ league, state: 'postponed', at: game.startMs + 2 * HOUR, game: sideOf(game) });
  }
  const quiet = firstDayWith(calendar, from, season.regular.end, (games) => games.length === 0);
  if (quiet) {
    const at = Date.parse(`${quiet}T16:00:00Z`);
    const next = firstDayWith(calendar, addDays(quiet, 1), addDays(quiet, 30), (games) => played(games).length > 0);
    const nextStart = next && Math.min(...played(slate(calendar, next)).map((game) => game.startMs));
    scenes.push({ league, state: 'quiet-day', at, game: latestGame(calendar, quiet), ...(nextStart && { nextStart }) });
  }
  return scenes;
}

function postseasonScene(league: WidgetLeague, calendar: League, season: Season): Scene[] {
  if (!season.postseason) return [];
  // Deep in a series: a game with wins on the board says the most ("Game 5 · BOS leads 3–1").
  const deep = firstDayWith(calendar, season.postseason.start, season.postseason.end, (games) =>
    games.some((game) => (game.series?.gameNumber ?? 0) >= 4),
  );
  const day = deep ?? firstDayWith(calendar, season.postseason.start, season.postseason.end, (games) => played(games).length > 0);
  if (!day) return [];
  const game = slate(calendar, day).find((candidate) => (candidate.series?.gameNumber ?? 0) >= 4) ?? played(slate(calendar, day))[0]!;
  return [{ league, state: 'postseason', at: game.startMs + game.plannedMs / 2, game: sideOf(game) }];
}

function offSeasonScene(league: WidgetLeague, season: Season): Scene[] {
  const lastDay = season.postseason?.end ?? season.regular.end;
  const date = addDays(lastDay, 30);
  if (phaseOf(seasonAt(codeOf(league), date), date) !== 'offseason') return [];
  const coming = nextSeason(codeOf(league), date);
  return [
    {
      league,
      state: 'off-season',
      at: Date.parse(`${date}T16:00:00Z`),
      game: latestGame(LEAGUES[codeOf(league)], date),
      backOn: coming.regular.start,
    },
  ];
}

/** Every league's scenes, in the order of their instants (a relay's kept finals then never come from its future). */
export function seasonScenes(): Scene[] {
  return WIDGET_LEAGUES.flatMap((league) => {
    const calendar = LEAGUES[codeOf(league)];
    const season = seasonOpening(calendar.code, SEASON_YEAR);
    return [...regularScenes(league, calendar, season), ...postseasonScene(league, calendar, season), ...offSeasonScene(league, season)];
  }).sort((a, b) => a.at - b.at);
}

/** The names of the postseason's rounds in the season the matrix walks, as the data service writes them (in English). */
export function roundNames(): string[] {
  const names = new Set<string>();
  for (const league of WIDGET_LEAGUES) {
    const calendar = LEAGUES[codeOf(league)];
    const { postseason } = seasonOpening(calendar.code, SEASON_YEAR);
    if (!postseason) continue;
    for (let date = postseason.start; date <= postseason.end; date = addDays(date, 1))
      for (const game of slate(calendar, date)) if (game.series) names.add(game.series.round);
  }
  return [...names];
}
