import type { Sport } from './leagues.js';
import { priceTwoWay, roundToHalf, clamp } from './odds.js';
import { rosterOf, type Player } from './players.js';
import { isListedStarter } from './pitchers.js';
import { createRandom } from './random.js';
import type { GameSnapshot } from './schedule.js';

export interface MarketSpec {
  key: string;
  label: string;
  /** Expected value for a player, or undefined when the market does not apply to them. */
  mean(player: Player, game: GameSnapshot): number | undefined;
}

const starterShare = (player: Player, starter: number, bench: number): number => (player.depth === 1 ? starter : bench);

export const MARKETS: Record<Sport, readonly MarketSpec[]> = {
  basketball: [
    { key: 'points', label: 'Points', mean: (p) => starterShare(p, 17, 8) },
    {
      key: 'rebounds',
      label: 'Rebounds',
      mean: (p) => (['PF', 'C'].includes(p.position) ? starterShare(p, 9, 5) : starterShare(p, 4.5, 2.5)),
    },
    {
      key: 'assists',
      label: 'Assists',
      mean: (p) => (['PG', 'SG'].includes(p.position) ? starterShare(p, 6.5, 3) : starterShare(p, 2.5, 1.5)),
    },
    { key: 'threes', label: 'Three-pointers made', mean: (p) => (p.position === 'C' ? undefined : starterShare(p, 2.2, 1.2)) },
    { key: 'pointsReboundsAssists', label: 'Points + rebounds + assists', mean: (p) => starterShare(p, 28, 13) },
  ],
  football: [
    { key: 'passingYards', label: 'Passing yards', mean: (p) => (p.position === 'QB' && p.depth === 1 ? 238 : undefined) },
    { key: 'passingTouchdowns', label: 'Passing touchdowns', mean: (p) => (p.position === 'QB' && p.depth === 1 ? 1.6 : undefined) },
    {
      key: 'rushingYards',
      label: 'Rushing yards',
      mean: (p) => (p.position === 'RB' ? starterShare(p, 68, 28) : p.position === 'QB' && p.depth === 1 ? 18 : undefined),
    },
    {
      key: 'receivingYards',
      label: 'Receiving yards',
      mean: (p) => (p.position === 'WR' && p.depth <= 3 ? [0, 74, 55, 38][p.depth] : p.position === 'TE' && p.depth === 1 ? 41 : undefined),
    },
    {
      key: 'receptions',
      label: 'Receptions',
      mean: (p) =>
        p.position === 'WR' && p.depth <= 3 ? [0, 5.6, 4.2, 3.1][p.depth] : p.position === 'TE' && p.depth === 1 ? 3.8 : undefined,
    },
  ],
  hockey: [
    {
      key: 'shotsOnGoal',
      label: 'Shots on goal',
      mean: (p) => (p.position === 'G' ? undefined : p.position === 'D' ? starterShare(p, 2.1, 1.4) : starterShare(p, 3.1, 1.9)),
    },
    { key: 'points', label: 'Points', mean: (p) => (p.position === 'G' || p.depth > 2 ? undefined : 0.7) },
    { key: 'goals', label: 'Goals', mean: (p) => (p.position === 'G' || p.position === 'D' || p.depth > 2 ? undefined : 0.4) },
    { key: 'assists', label: 'Assists', mean: (p) => (p.position === 'G' || p.depth > 2 ? undefined : 0.45) },
    { key: 'saves', label: 'Saves', mean: (p) => (p.position === 'G' && p.depth === 1 ? 26.5 : undefined) },
  ],
  baseball: [
    { key: 'pitcherStrikeouts', label: 'Pitcher strikeouts', mean: (p, g) => (isListedStarter(p, g) ? 5.6 : undefined) },
    { key: 'hits', label: 'Hits', mean: (p) => (isRegularBatter(p) ? 0.95 : undefined) },
    { key: 'totalBases', label: 'Total bases', mean: (p) => (isRegularBatter(p) ? 1.5 : undefined) },
    { key: 'homeRuns', label: 'Home runs', mean: (p) => (isRegularBatter(p) ? 0.3 : undefined) },
    { key: 'rbis', label: 'Runs batted in', mean: (p) => (isRegularBatter(p) ? 0.55 : undefined) },
  ],
  soccer: [],
  mma: [],
};

function isRegularBatter(player: Player): boolean {
  return !['SP', 'RP', 'IF', 'OF'].includes(player.position) && player.depth === 1;
}

export function marketsOf(sport: Sport): readonly MarketSpec[] {
  return MARKETS[sport];
}

export interface PropLine {
  market: MarketSpec;
  player: Player;
  line: number;
  overPrice: number;
  underPrice: number;
  /** Probability of the over without margin, for splits and exchange lines. */
  overProbability: number;
}

export function propLines(snap: GameSnapshot, market: MarketSpec): PropLine[] {
  const sport = snap.game.league.sport;
  const players = [...rosterOf(snap.game.away, sport), ...rosterOf(snap.game.home, sport)];
  const lines: PropLine[] = [];
  for (const player of players) {
    const mean = market.mean(player, snap);
    if (mean === undefined) continue;
    const random = createRandom('prop', snap.game.ids.odds, market.key, player.playerId);
    const expected = mean * random.normal(1, 0.12);
    const line = Math.max(0.5, expected < 3 ? Math.floor(expected) + 0.5 : roundToHalf(expected));
    const overProbability = clamp(0.5 + (expected - line) / (Math.max(1, expected) * 1.2) + random.normal(0, 0.03), 0.2, 0.8);
    const prices = priceTwoWay(overProbability, 0.05);
    lines.push({ market, player, line, overPrice: prices.first, underPrice: prices.second, overProbability });
  }
  return lines;
}
