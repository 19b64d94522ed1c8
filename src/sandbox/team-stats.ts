import { seasonAt } from './calendar/seasons.js';
import { addDays, dateOf } from './dates.js';
import type { League, LeagueCode, Team } from './leagues.js';
import { createRandom } from './random.js';
import { seasonResults } from './season-results.js';

export type StatGroup = 'offense' | 'defense' | 'derived';

interface StatKey {
  key: string;
  group: StatGroup;
  description: string;
  /** Typical per-game value and spread across teams. */
  mean: number;
  sd: number;
  /** Rank 1 goes to the lowest value (points allowed, turnovers) instead of the highest. */
  lowerIsBetter?: boolean;
  decimals?: number;
  /** A derived number, from the team's other numbers and its scoring per game (for and against). */
  derive?: (stats: Record<StatGroup, Record<string, number>>, perGame: number, allowedPerGame: number) => number;
}

const stat = (group: StatGroup, key: string, description: string, mean: number, sd: number, options: Partial<StatKey> = {}): StatKey => ({
  key,
  group,
  description,
  mean,
  sd,
  ...options,
});

/** NBA keys as the spec lists them; the other leagues' keys are not shown there, so these are the sandbox's choice. */
const BASKETBALL: StatKey[] = [
  stat('offense', 'ppg', 'Points per game', 0, 0),
  stat('offense', 'fgm', 'Field goals made per game', 41.5, 1.8),
  stat('offense', 'fga', 'Field goals attempted per game', 88.5, 2.5),
  stat('offense', 'fgPct', 'Field goal percentage', 47, 1.6),
  stat('offense', 'threePm', 'Three-pointers made per game', 13, 1.6),
  stat('offense', 'threePa', 'Three-pointers attempted per game', 36, 3),
  stat('offense', 'threePct', 'Three-point percentage', 36.2, 1.5),
  stat('offense', 'ftm', 'Free throws made per game', 17.5, 1.8),
  stat('offense', 'fta', 'Free throws attempted per game', 22.5, 2.2),
  stat('offense', 'ftPct', 'Free throw percentage', 78, 2.5),
  stat('offense', 'or', 'Offensive rebounds per game', 10.8, 1.2),
  stat('offense', 'dr', 'Defensive rebounds per game', 33.2, 1.3),
  stat('offense', 'reb', 'Rebounds per game', 44, 1.8),
  stat('offense', 'ast', 'Assists per game', 26.5, 2),
  stat('offense', 'stl', 'Steals per game', 7.8, 0.8),
  stat('offense', 'blk', 'Blocks per game', 5, 0.7),
  stat('offense', 'tov', 'Turnovers per game', 13.8, 1.1, { lowerIsBetter: true }),
  stat('offense', 'fouls', 'Personal fouls per game', 19, 1.2, { lowerIsBetter: true }),
  stat('defense', 'ppgAllowed', 'Points allowed per game', 0, 0, { lowerIsBetter: true }),
  stat('defense', 'fgmAllowed', 'Opponent field goals made per game', 41.5, 1.8, { lowerIsBetter: true }),
  stat('defense', 'fgaAllowed', 'Opponent field goals attempted per game', 88.5, 2.5, { lowerIsBetter: true }),
  stat('defense', 'fgPctAllowed', 'Opponent field goal percentage', 47, 1.6, { lowerIsBetter: true }),
  stat('defense', 'threePmAllowed', 'Opponent three-pointers made per game', 13, 1.5, { lowerIsBetter: true }),
  stat('defense', 'threePaAllowed', 'Opponent three-pointers attempted per game', 36, 2.8, { lowerIsBetter: true }),
  stat('defense', 'threePctAllowed', 'Opponent three-point percentage', 36.2, 1.4, { lowerIsBetter: true }),
  stat('defense', 'ftmAllowed', 'Opponent free throws made per game', 17.5, 1.8, { lowerIsBetter: true }),
  stat('defense', 'ftaAllowed', 'Opponent free throws attempted per game', 22.5, 2.2, { lowerIsBetter: true }),
  stat('defense', 'ftPctAllowed', 'Opponent free throw percentage', 78, 2, { lowerIsBetter: true }),
  stat('defense', 'orAllowed', 'Opponent offensive rebounds per game', 10.8, 1.1, { lowerIsBetter: true }),
  stat('defense', 'drAllowed', 'Opponent defensive rebounds per game', 33.2, 1.3, { lowerIsBetter: true }),
  stat('defense', 'rebAllowed', 'Opponent rebounds per game', 44, 1.8, { lowerIsBetter: true }),
  stat('defense', 'astAllowed', 'Opponent assists per game', 26.5, 1.9, { lowerIsBetter: true }),
  stat('defense', 'stlAllowed', 'Opponent steals per game', 7.8, 0.8, { lowerIsBetter: true }),
  stat('defense', 'blkAllowed', 'Opponent blocks per game', 5, 0.7, { lowerIsBetter: true }),
  stat('defense', 'tovForced', 'Turnovers forced per game', 13.8, 1.1),
  stat('defense', 'foulsDrawn', 'Fouls drawn per game', 19, 1.2),
  stat('derived', 'astTo', 'Assist-to-turnover ratio', 0, 0, { decimals: 2, derive: ({ offense }) => offense.ast! / offense.tov! }),
];

const FOOTBALL: StatKey[] = [
  stat('offense', 'ppg', 'Points per game', 0, 0),
  stat('offense', 'ypg', 'Total yards per game', 335, 30),
  stat('offense', 'passYpg', 'Passing yards per game', 220, 28),
  stat('offense', 'rushYpg', 'Rushing yards per game', 115, 18),
  stat('offense', 'thirdDownPct', 'Third-down conversion percentage', 39, 4),
  stat('offense', 'redZonePct', 'Red-zone touchdown percentage', 55, 7),
  stat('offense', 'giveaways', 'Turnovers per game', 1.3, 0.3, { lowerIsBetter: true }),
  stat('offense', 'sacksAllowed', 'Sacks allowed per game', 2.4, 0.6, { lowerIsBetter: true }),
  stat('defense', 'ppgAllowed', 'Points allowed per game', 0, 0, { lowerIsBetter: true }),
  stat('defense', 'ypgAllowed', 'Total yards allowed per game', 335, 30, { lowerIsBetter: true }),
  stat('defense', 'passYpgAllowed', 'Passing yards allowed per game', 220, 26, { lowerIsBetter: true }),
  stat('defense', 'rushYpgAllowed', 'Rushing yards allowed per game', 115, 17, { lowerIsBetter: true }),
  stat('defense', 'sacks', 'Sacks per game', 2.4, 0.6),
  stat('defense', 'takeaways', 'Takeaways per game', 1.3, 0.3),
  stat('derived', 'turnoverDiff', 'Takeaways minus giveaways per game', 0, 0, {
    decimals: 2,
    derive: ({ offense, defense }) => defense.takeaways! - offense.giveaways!,
  }),
];

const HOCKEY: StatKey[] = [
  stat('offense', 'gpg', 'Goals per game', 0, 0, { decimals: 2 }),
  stat('offense', 'shotsPg', 'Shots on goal per game', 29.5, 2.2),
  stat('offense', 'ppPct', 'Power-play percentage', 21, 3.5),
  stat('offense', 'faceoffPct', 'Faceoff win percentage', 50, 2),
  stat('defense', 'gaPg', 'Goals allowed per game', 0, 0, { lowerIsBetter: true, decimals: 2 }),
  stat('defense', 'shotsAllowedPg', 'Shots allowed per game', 29.5, 2.2, { lowerIsBetter: true }),
  stat('defense', 'pkPct', 'Penalty-kill percentage', 79, 3),
  stat('defense', 'savePct', 'Save percentage', 90.2, 0.8),
  stat('derived', 'goalDiffPg', 'Goal differential per game', 0, 0, { decimals: 2, derive: (_, scored, allowed) => scored - allowed }),
];

const BASEBALL: StatKey[] = [
  stat('offense', 'rpg', 'Runs per game', 0, 0, { decimals: 2 }),
  stat('offense', 'avg', 'Batting average', 0.248, 0.01, { decimals: 3 }),
  stat('offense', 'obp', 'On-base percentage', 0.316, 0.012, { decimals: 3 }),
  stat('offense', 'slg', 'Slugging percentage', 0.405, 0.02, { decimals: 3 }),
  stat('offense', 'hrPg', 'Home runs per game', 1.15, 0.2, { decimals: 2 }),
  stat('offense', 'kPct', 'Strikeout percentage of plate appearances', 22.4, 1.8, { lowerIsBetter: true }),
  stat('defense', 'raPg', 'Runs allowed per game', 0, 0, { lowerIsBetter: true, decimals: 2 }),
  stat('defense', 'era', 'Earned run average', 4.1, 0.45, { lowerIsBetter: true, decimals: 2 }),
  stat('defense', 'whip', 'Walks and hits per inning pitched', 1.28, 0.07, { lowerIsBetter: true, decimals: 2 }),
  stat('defense', 'kPer9', 'Strikeouts per nine innings', 8.7, 0.7),
  stat('defense', 'fieldingPct', 'Fielding percentage', 0.985, 0.003, { decimals: 3 }),
  stat('derived', 'runDiffPg', 'Run differential per game', 0, 0, { decimals: 2, derive: (_, scored, allowed) => scored - allowed }),
];

/** Which keys carry the points (goals, runs) scored and allowed: those come from the games, not from noise. */
const SCORING_KEYS: Partial<Record<LeagueCode, [string, string]>> = {
  NBA: ['ppg', 'ppgAllowed'],
  NFL: ['ppg', 'ppgAllowed'],
  NHL: ['gpg', 'gaPg'],
  MLB: ['rpg', 'raPg'],
};

export const TEAM_STATS_LEAGUES: Partial<Record<LeagueCode, StatKey[]>> = { NBA: BASKETBALL, NFL: FOOTBALL, NHL: HOCKEY, MLB: BASEBALL };

/** The upstream's label of the season a date belongs to: `2026-27`, or `2026` for a season within one year. */
export function seasonOf(league: League, date: string): string {
  return seasonAt(league.code, date).label;
}

export interface TeamStatLine {
  team: Team;
  gp: number;
  stats: Record<StatGroup, Record<string, number>>;
}

const cache = new Map<string, TeamStatLine[]>();

/** Each team's finals of the season through the day before `date` (stats are compiled nightly), as the table counts them. */
function results(league: League, date: string): Map<Team, { gp: number; scored: number; allowed: number }> {
  const totals = new Map(league.teams.map((team) => [team, { gp: 0, scored: 0, allowed: 0 }]));
  // Compiled after the night's last game: every game filed under an earlier date counts as played.
  for (const { team, scored, allowed } of seasonResults(league, Number.MAX_SAFE_INTEGER, addDays(date, -1))) {
    const row = totals.get(team)!;
    row.gp++;
    row.scored += scored;
    row.allowed += allowed;
  }
  return totals;
}

const round = (value: number, decimals = 1) => Math.round(value * 10 ** decimals) / 10 ** decimals;

/** Every team's season-to-date line for the stat compilation of `date` (through the prior day). */
export function teamStatLines(league: League, nowMs: number): TeamStatLine[] {
  const date = dateOf(nowMs);
  const keys = TEAM_STATS_LEAGUES[league.code] ?? [];
  const id = `${league.calendar}:${league.code}:${date}`;
  const hit = cache.get(id);
  if (hit) return hit;
  const totals = results(league, date);
  const lines = league.teams.map((team) => {
    const { gp, scored, allowed } = totals.get(team)!;
    const random = createRandom('team-stats', league.code, team.abbreviation, date);
    const perGame = gp === 0 ? 0 : scored / gp;
    const allowedPerGame = gp === 0 ? 0 : allowed / gp;
    const stats: Record<StatGroup, Record<string, number>> = { offense: {}, defense: {}, derived: {} };
    // Scoring comes from the games themselves, so a team's numbers agree with its results.
    const [scoredKey, allowedKey] = SCORING_KEYS[league.code] ?? ['ppg', 'ppgAllowed'];
    for (const key of keys) {
      if (key.key === scoredKey) stats.offense[key.key] = round(perGame, key.decimals);
      else if (key.key === allowedKey) stats.defense[key.key] = round(allowedPerGame, key.decimals);
      else if (key.sd > 0)
        stats[key.group][key.key] = round(
          random.normal(key.mean, key.sd) + (key.lowerIsBetter ? -1 : 1) * team.strength * key.sd * 0.4,
          key.decimals,
        );
    }
    for (const key of keys) if (key.derive) stats[key.group][key.key] = round(key.derive(stats, perGame, allowedPerGame), key.decimals);
    return { team, gp, stats };
  });
  cache.set(id, lines);
  return lines;
}

/** League-wide rank of each team in each key: `"1"`…, and `"T-3"` for teams sharing a value. */
export function ranksOf(league: League, lines: readonly TeamStatLine[]): Map<Team, Record<StatGroup, Record<string, string>>> {
  const ranks = new Map(
    lines.map((line) => [line.team, { offense: {}, defense: {}, derived: {} } as Record<StatGroup, Record<string, string>>]),
  );
  for (const key of TEAM_STATS_LEAGUES[league.code] ?? []) {
    const value = (line: TeamStatLine) => line.stats[key.group][key.key]!;
    const sorted = [...lines].sort((a, b) => (key.lowerIsBetter ? value(a) - value(b) : value(b) - value(a)));
    for (const line of sorted) {
      const first = sorted.findIndex((other) => value(other) === value(line)) + 1;
      const tied = sorted.filter((other) => value(other) === value(line)).length > 1;
      ranks.get(line.team)![key.group][key.key] = tied ? `T-${first}` : String(first);
    }
  }
  return ranks;
}

export function definitionsOf(league: League): Record<'meta' | StatGroup, Record<string, string>> {
  const definitions: Record<'meta' | StatGroup, Record<string, string>> = {
    meta: { gp: 'Games played' },
    offense: {},
    defense: {},
    derived: {},
  };
  for (const key of TEAM_STATS_LEAGUES[league.code] ?? []) definitions[key.group][key.key] = key.description;
  return definitions;
}
