import type { MatchupColors, Team } from '../../contract/common.js';
import type { DataRoute, RoutePayload } from '../../contract/routes.js';
import type { Game, ScoresPayload } from '../../contract/scores.js';
import type { PitchingMatchupPayload } from '../../contract/season.js';

type Plain = string | number | boolean | null | undefined;

/** What a key that hides odds gets of one field: `true` the plain value, a nested list the fields it names, null none. */
type FieldShown<Value> =
  | (null extends Value ? null : never)
  | (NonNullable<Value> extends Plain | readonly Plain[]
      ? true
      : NonNullable<Value> extends readonly (infer Item)[]
        ? Shown<Item>
        : Shown<NonNullable<Value>>);

/**
 * The fields of a payload (of each item, for a list) that a key hiding odds may see; any other is left out. `null`
 * answers a field the contract requires as null ("none"), so that every element draws the answer as it stands.
 */
export type Shown<Payload> = { readonly [Field in keyof Payload]?: FieldShown<Payload[Field]> };

const FRESHNESS: Shown<Pick<ScoresPayload, 'updatedAt' | 'stale' | 'refreshMs' | 'asOf'>> = {
  updatedAt: true,
  stale: true,
  refreshMs: true,
  asOf: true,
};

const TEAM: Shown<Team> = {
  id: true,
  abbreviation: true,
  name: true,
  shortName: true,
  primaryColor: true,
  secondaryColor: true,
  onPrimaryColor: true,
};

const COLORS: Shown<MatchupColors> = { away: true, home: true, awayPatterned: true };

const BOUT_ENDING = { method: true, verdict: true, round: true, time: true } as const;

const SIDE: Shown<Game['home']> = { team: TEAM, score: true, record: true };

/** A game as the scores show it: no bet state. */
const GAME: Shown<Game> = {
  id: true,
  league: true,
  startTime: true,
  status: true,
  statusText: true,
  home: SIDE,
  away: SIDE,
  progress: { period: true, periodLabel: true, segment: true, display: true, clock: true, outs: true, minute: true },
  bout: { order: true, card: true, rounds: true, weightClass: true, event: { id: true, name: true } },
  result: { ...BOUT_ENDING, winner: true },
  series: { round: true, summary: true, gameNumber: true, bestOf: true, wins: { home: true, away: true } },
  interruption: true,
};

/** A probable starter without the strikeout prop's line: the model's projection is not the book's. */
const MATCHUP_SIDE: Shown<PitchingMatchupPayload['home']> = {
  team: TEAM,
  status: true,
  starter: {
    name: true,
    hand: true,
    confirmed: true,
    strikeouts: { projected: true, low: true, high: true, confidence: true, line: null },
  },
};

/**
 * Per data route, what a key set to hide odds may see. A route without an entry shows betting data alone and is
 * refused whole; a field the contract gains is hidden from such keys until it is named here.
 */
export const ODDS_FREE_FIELDS: { readonly [Route in DataRoute]?: Shown<RoutePayload<Route>> } = {
  '/v1/scores': {
    leagues: true,
    date: true,
    games: GAME,
    next: { league: true, date: true, startTime: true, daysAhead: true },
    ...FRESHNESS,
  },
  '/v1/games/{gameId}': { game: GAME, colors: COLORS, line: null, splits: null, ...FRESHNESS },
  '/v1/form': {
    league: true,
    team: TEAM,
    opponent: TEAM,
    games: {
      id: true,
      date: true,
      homeAway: true,
      opponent: TEAM,
      score: { team: true, opponent: true },
      result: true,
      ending: BOUT_ENDING,
    },
    summary: { wins: true, losses: true, ties: true },
    ...FRESHNESS,
  },
  // A chance of winning names no price: the element shows it to every key.
  '/v1/win-probability': {
    gameId: true,
    league: true,
    status: true,
    home: TEAM,
    away: TEAM,
    colors: COLORS,
    current: { home: true, away: true },
    history: { at: true, home: true },
    recordedSince: true,
    ...FRESHNESS,
  },
  '/v1/injuries': {
    league: true,
    reportDate: true,
    teams: {
      team: TEAM,
      players: {
        id: true,
        name: true,
        position: true,
        status: true,
        severity: true,
        reason: true,
        practice: true,
        designation: true,
      },
    },
    ...FRESHNESS,
  },
  '/v1/standings': {
    league: true,
    hasTies: true,
    rows: {
      team: TEAM,
      wins: true,
      losses: true,
      ties: true,
      pct: true,
      pointsFor: true,
      pointsAgainst: true,
      streak: true,
      points: true,
      goalDifference: true,
    },
    ...FRESHNESS,
  },
  '/v1/team-stats': {
    league: true,
    season: true,
    team: TEAM,
    gamesPlayed: true,
    teamsRanked: true,
    stats: { key: true, group: true, label: true, value: true, rank: true, tied: true, headline: true, percent: true },
    ...FRESHNESS,
  },
  '/v1/pitching-matchup': {
    gameId: true,
    league: true,
    status: true,
    startTime: true,
    home: MATCHUP_SIDE,
    away: MATCHUP_SIDE,
    venue: { name: true, roof: true },
    // The lean is the weather read against the game's total: a betting call.
    weather: { summary: true, temperatureF: true, windMph: true, wind: true, precipitation: true, lean: null },
    alerts: { type: true, severe: true, message: true },
    interruption: true,
    ...FRESHNESS,
  },
  '/v1/fight-card': {
    league: true,
    event: { id: true, name: true, date: true, startTime: true },
    bouts: GAME,
    ...FRESHNESS,
  },
};
