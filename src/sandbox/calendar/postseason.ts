import { addDays } from '../dates.js';
import { gameOf, remember, snapshot, winnerOf, type SeriesState } from '../game.js';
import type { League, LeagueCode, Team } from '../leagues.js';
import { createRandom } from '../random.js';
import { RHYTHMS } from './rhythm.js';
import { regularSeason, type PlannedGame } from './season-schedule.js';
import type { Season } from './seasons.js';
import { EASTERN_TIME, homeZoneOf, zonedInstant } from './time-zones.js';

export interface PostseasonGame extends PlannedGame {
  series: SeriesState;
}

interface RoundFormat {
  name: string;
  bestOf: number;
  /** Days after the postseason opens that the round starts. */
  startsAfter: number;
  /** A series' games, days after the round starts; single games spread their series over these days. */
  gameDays: readonly number[];
  /** Seeds that skip this round (first rounds only). */
  byes?: number;
  /** A round that places nobody in the bracket (college football's conference championships): all seeds go on. */
  standalone?: boolean;
  /** Start times of a day's games in order, local at the home team (or Eastern, for neutral sites and national windows). */
  times: readonly string[];
  neutral?: boolean;
}

interface PostseasonFormat {
  teams: number;
  rounds: readonly RoundFormat[];
}

const SEVEN = [0, 2, 4, 6, 8, 10, 13];

/**
 * Postseason formats as the leagues run them, trimmed to the sandbox's teams: NBA and NHL sixteen teams in four
 * best-of-seven rounds; MLB twelve in a best-of-three Wild Card Series, best-of-five Division Series and two
 * best-of-sevens; the WNBA eight; the NFL fourteen in single games (two byes); the College Football Playoff twelve
 * (four byes); the NCAA tournament (sixteen of the sandbox's teams); MLS Round One best-of-three, then single games.
 */
const FORMATS: Partial<Record<LeagueCode, PostseasonFormat>> = {
  NBA: {
    teams: 16,
    rounds: [
      { name: 'First Round', bestOf: 7, startsAfter: 5, gameDays: SEVEN, times: ['19:00', '19:30', '20:00', '20:30'] },
      { name: 'Conference Semifinals', bestOf: 7, startsAfter: 21, gameDays: SEVEN, times: ['19:00', '21:30', '19:00', '21:30'] },
      { name: 'Conference Finals', bestOf: 7, startsAfter: 35, gameDays: SEVEN, times: ['20:30', '20:30'] },
      { name: 'NBA Finals', bestOf: 7, startsAfter: 51, gameDays: [0, 3, 5, 8, 10, 13, 16], times: ['20:30'] },
    ],
  },
  NHL: {
    teams: 16,
    rounds: [
      { name: 'First Round', bestOf: 7, startsAfter: 0, gameDays: SEVEN, times: ['19:00', '19:30', '20:00', '22:00'] },
      { name: 'Second Round', bestOf: 7, startsAfter: 16, gameDays: SEVEN, times: ['19:00', '21:30', '19:00', '21:30'] },
      { name: 'Conference Final', bestOf: 7, startsAfter: 31, gameDays: SEVEN, times: ['20:00', '20:00'] },
      { name: 'Stanley Cup Final', bestOf: 7, startsAfter: 46, gameDays: SEVEN, times: ['20:00'] },
    ],
  },
  MLB: {
    teams: 12,
    rounds: [
      { name: 'Wild Card Series', bestOf: 3, startsAfter: 1, gameDays: [0, 1, 2], byes: 4, times: ['13:08', '16:08', '18:08', '20:08'] },
      { name: 'Division Series', bestOf: 5, startsAfter: 5, gameDays: [0, 1, 3, 4, 6], times: ['13:08', '16:08', '18:08', '20:08'] },
      { name: 'Championship Series', bestOf: 7, startsAfter: 13, gameDays: [0, 1, 3, 4, 5, 7, 8], times: ['16:08', '20:08'] },
      { name: 'World Series', bestOf: 7, startsAfter: 24, gameDays: [0, 1, 3, 4, 5, 7, 8], times: ['20:08'] },
    ],
  },
  WNBA: {
    teams: 8,
    rounds: [
      { name: 'First Round', bestOf: 3, startsAfter: 0, gameDays: [0, 2, 4], times: ['19:00', '21:00', '19:00', '21:00'] },
      { name: 'Semifinals', bestOf: 5, startsAfter: 7, gameDays: [0, 2, 5, 7, 9], times: ['19:00', '21:00'] },
      { name: 'WNBA Finals', bestOf: 7, startsAfter: 18, gameDays: [0, 2, 5, 7, 9, 11, 13], times: ['20:00'] },
    ],
  },
  NFL: {
    teams: 14,
    rounds: [
      {
        name: 'Wild Card',
        bestOf: 1,
        startsAfter: 0,
        gameDays: [0, 0, 1, 1, 1, 2],
        byes: 2,
        times: ['16:30', '20:00', '13:00', '16:30', '20:00', '20:15'],
        neutral: true,
      },
      {
        name: 'Divisional Round',
        bestOf: 1,
        startsAfter: 7,
        gameDays: [0, 0, 1, 1],
        times: ['16:30', '20:15', '15:00', '18:30'],
        neutral: true,
      },
      { name: 'Conference Championship', bestOf: 1, startsAfter: 15, gameDays: [0, 0], times: ['15:00', '18:30'], neutral: true },
      { name: 'Super Bowl', bestOf: 1, startsAfter: 29, gameDays: [0], times: ['18:30'], neutral: true },
    ],
  },
  CFB: {
    teams: 12,
    rounds: [
      // Championship Saturday, the regular season's last day, thirteen days before the playoff opens.
      {
        name: 'Conference Championship',
        bestOf: 1,
        startsAfter: -13,
        gameDays: [0, 0, 0, 0],
        times: ['12:00', '16:00', '20:00', '20:00'],
        neutral: true,
        standalone: true,
      },
      {
        name: 'CFP First Round',
        bestOf: 1,
        startsAfter: 0,
        gameDays: [0, 1, 1, 1],
        byes: 4,
        times: ['20:00', '12:00', '16:00', '20:00'],
        neutral: true,
      },
      {
        name: 'CFP Quarterfinal',
        bestOf: 1,
        startsAfter: 13,
        gameDays: [0, 1, 1, 1],
        times: ['19:30', '13:00', '16:30', '20:00'],
        neutral: true,
      },
      { name: 'CFP Semifinal', bestOf: 1, startsAfter: 20, gameDays: [0, 1], times: ['19:30', '19:30'], neutral: true },
      { name: 'CFP National Championship', bestOf: 1, startsAfter: 31, gameDays: [0], times: ['19:30'], neutral: true },
    ],
  },
  NCAAB: {
    teams: 16,
    rounds: [
      {
        name: 'First Round',
        bestOf: 1,
        startsAfter: 3,
        gameDays: [0, 0, 0, 0, 1, 1, 1, 1],
        times: ['12:15', '14:45', '19:10', '21:40', '12:15', '14:45', '19:10', '21:40'],
        neutral: true,
      },
      {
        name: 'Second Round',
        bestOf: 1,
        startsAfter: 5,
        gameDays: [0, 0, 1, 1],
        times: ['12:10', '17:15', '12:10', '17:15'],
        neutral: true,
      },
      { name: 'Final Four', bestOf: 1, startsAfter: 18, gameDays: [0, 0], times: ['18:09', '20:49'], neutral: true },
      { name: 'National Championship', bestOf: 1, startsAfter: 20, gameDays: [0], times: ['20:50'], neutral: true },
    ],
  },
  MLS: {
    teams: 16,
    rounds: [
      { name: 'Round One', bestOf: 3, startsAfter: 0, gameDays: [0, 4, 8], times: ['19:30'] },
      { name: 'Conference Semifinals', bestOf: 1, startsAfter: 18, gameDays: [0, 0, 1, 1], times: ['15:00', '19:30', '15:00', '19:30'] },
      { name: 'Conference Finals', bestOf: 1, startsAfter: 25, gameDays: [0, 1], times: ['19:30'] },
      { name: 'MLS Cup', bestOf: 1, startsAfter: 31, gameDays: [0], times: ['20:00'] },
    ],
  },
};

/** Home and away of a series' games: the higher seed hosts games 1, 2, 5 and 7 (2-2-1-1-1). */
function higherSeedHosts(gameNumber: number): boolean {
  return [1, 2, 5, 7].includes(gameNumber);
}

export interface PostseasonContext {
  /** The regular season's final table, best first. */
  seeds: readonly Team[];
  /** The winner of a game once played (draws settled as the sport settles them). */
  winnerOf(game: PostseasonGame): Team;
  plannedMs: number;
}

export interface Postseason {
  games: PostseasonGame[];
  champion: Team | undefined;
}

/**
 * Plays a league's postseason out from its seeds: each round pairs the best remaining seed with the worst, a series'
 * next game exists only while neither side has won it, and the next round starts on its day with the winners.
 */
function playPostseason(league: League, season: Season, context: PostseasonContext): Postseason {
  const format = FORMATS[league.code];
  if (!format || !season.postseason) return { games: [], champion: undefined };
  const seedOf = new Map(context.seeds.map((team, index) => [team, index]));
  let alive = context.seeds.slice(0, format.teams);
  const games: PostseasonGame[] = [];
  for (const round of format.rounds) {
    const roundStart = addDays(season.postseason.start, round.startsAfter);
    const byes = alive.slice(0, round.byes ?? 0);
    const playing = round.standalone ? context.seeds.slice(0, round.gameDays.length * 2) : alive.slice(round.byes ?? 0);
    const winners: Team[] = [];
    for (let index = 0; index < playing.length / 2; index++) {
      const [high, low] = [playing[index]!, playing[playing.length - 1 - index]!];
      const wins: Record<string, number> = { [high.abbreviation]: 0, [low.abbreviation]: 0 };
      const needed = Math.ceil(round.bestOf / 2);
      for (let gameNumber = 1; gameNumber <= round.bestOf; gameNumber++) {
        if (wins[high.abbreviation] === needed || wins[low.abbreviation] === needed) break;
        const [home, away] = higherSeedHosts(gameNumber) ? [high, low] : [low, high];
        const day = round.bestOf === 1 ? round.gameDays[index % round.gameDays.length]! : round.gameDays[gameNumber - 1]!;
        const date = addDays(roundStart, day);
        const zone = round.neutral ? EASTERN_TIME : homeZoneOf(home);
        // The k-th game of a day in this round takes the k-th start time, so a national audience can watch each.
        const sameDay = round.bestOf === 1 ? round.gameDays.slice(0, index).filter((other) => other === day).length : index;
        const startMs = zonedInstant(date, round.times[sameDay % round.times.length]!, zone);
        const game: PostseasonGame = {
          // Fixed before the day is known in full, so the game's id and script never depend on later rounds.
          slot: 100 + format.rounds.indexOf(round) * 16 + index,
          date,
          home,
          away,
          startMs,
          plannedMs: context.plannedMs,
          series: { round: round.name, bestOf: round.bestOf, gameNumber, wins: { ...wins } },
        };
        games.push(game);
        const winner = context.winnerOf(game);
        wins[winner.abbreviation]! += 1;
      }
      winners.push(wins[high.abbreviation] === needed ? high : low);
    }
    if (!round.standalone) alive = [...byes, ...winners].sort((a, b) => seedOf.get(a)! - seedOf.get(b)!);
  }
  return { games, champion: alive.length === 1 ? alive[0] : undefined };
}

/**
 * Seeds from the regular season's final table: win percentage (league points in soccer), then the margin of points
 * for and against, then a draw. Counted here from the season's games, as the table counts them.
 */
function seedsOf(league: League, season: Season): Team[] {
  const rows = new Map(league.teams.map((team) => [team, { wins: 0, played: 0, draws: 0, margin: 0 }]));
  for (const [date, games] of regularSeason(league, season)) {
    games.forEach((fixture, slot) => {
      if (fixture.postponed) return;
      const { score } = snapshot(gameOf(league, date, fixture, slot), Number.MAX_SAFE_INTEGER);
      for (const [team, own, other] of [
        [fixture.home, score.home, score.away],
        [fixture.away, score.away, score.home],
      ] as const) {
        const row = rows.get(team)!;
        row.played++;
        row.margin += own - other;
        if (own > other) row.wins++;
        else if (own === other) row.draws++;
      }
    });
  }
  const random = createRandom('seeds', league.code, season.year);
  const tiebreak = new Map(league.teams.map((team) => [team, random.next()]));
  const score = (team: Team) => {
    const row = rows.get(team)!;
    if (league.standings === 'points') return row.wins * 3 + row.draws;
    return row.played === 0 ? 0 : (row.wins + row.draws / 2) / row.played;
  };
  return [...league.teams].sort(
    (a, b) => score(b) - score(a) || rows.get(b)!.margin - rows.get(a)!.margin || tiebreak.get(a)! - tiebreak.get(b)!,
  );
}

const cache = new Map<string, Postseason>();

/** A season's postseason, seeded from its final table and played out game by game (each game's script decides it). */
export function postseasonOf(league: League, season: Season): Postseason {
  return remember(cache, `${league.code}:${season.year}`, () => {
    const rhythm = RHYTHMS[league.code];
    return playPostseason(league, season, {
      seeds: seedsOf(league, season),
      plannedMs: (rhythm.kind === 'cards' ? 0 : rhythm.plannedMinutes) * 60_000,
      winnerOf: (fixture) => winnerOf(gameOf(league, fixture.date, fixture, fixture.slot!)),
    });
  });
}
