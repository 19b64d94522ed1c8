import type { Sport } from './leagues.js';
import type { Game, GameSnapshot } from './schedule.js';
import { createRandom } from './random.js';
import { clamp, normalCdf, priceTwoWay, roundToHalf } from './odds.js';

const BOOK_MARGIN = 0.045;
/** Sports whose spread stands at a goal and a half either way (hockey's puck line, baseball's run line), not at the margin. */
const FIXED_SPREAD: Partial<Record<Sport, number>> = { hockey: 1.5, baseball: 1.5 };
const EXCHANGE_MARGIN = 0.01;
const HOUR_MS = 3_600_000;
/** Books open a game's lines this long before it starts; /splits-history starts here too. */
export const MARKET_OPEN_MS = 24 * HOUR_MS;
/** The betting public's random walk takes a step this often, drawn linearly in between. */
const WALK_STEP_MS = 4 * HOUR_MS;

export interface GameLine {
  spread: { home: number; away: number; homePrice: number; awayPrice: number };
  total: number;
  totalPrice: { over: number; under: number };
  moneyline: { home: number; away: number };
}

export interface MarketView {
  /** Expected final margin, home minus away. */
  margin: number;
  marginSd: number;
  expectedTotal: number;
  homeWinProbability: number;
}

/** +1 the home side (or the over), −1 the away side (or the under), 0 neither. */
type Side = 1 | -1 | 0;

/**
 * A game's betting story, fixed per game: whether informed ("sharp") money backs one side against the crowd, how far
 * the money ends up from the bets, and whether a sudden move ("steam") hits the line before the start.
 */
interface MarketStory {
  sharpSide: Side;
  /** Points by which that side's share of money ends above its share of bets. */
  sharpGap: number;
  totalSharp: Side;
  totalGap: number;
  /** When steam hits (null: never), on which side, and by how many points of margin. */
  steamAtMs: number | null;
  steamSide: Side;
  steamPoints: number;
}

function storyOf(game: Game): MarketStory {
  const random = createRandom('market-story', game.ids.odds);
  const homeFavoured = game.expected.home >= game.expected.away;
  const underdog: Side = homeFavoured ? -1 : 1;
  // Sharp money mostly backs the underdog and the under, which the public neglects.
  const sharpSide: Side = random.chance(0.4) ? (random.chance(0.7) ? underdog : (-underdog as Side)) : 0;
  const sharpGap = sharpSide ? 12 + random.next() * 14 : 0;
  const totalSharp: Side = random.chance(0.35) ? (random.chance(0.75) ? -1 : 1) : 0;
  const totalGap = totalSharp ? 10 + random.next() * 12 : 0;
  const steam = random.chance(0.25);
  const steamAtMs = steam ? game.startMs - Math.round((1 + random.next() * 11) * 4) * (HOUR_MS / 4) : null;
  const steamSide: Side = sharpSide || (random.chance(0.5) ? 1 : -1);
  const steamPoints = game.league.marginSd * (0.07 + random.next() * 0.06);
  return { sharpSide, sharpGap, totalSharp, totalGap, steamAtMs, steamSide, steamPoints };
}

/** How far the market has come from its open to the start, 0 to 1, eased so that money arrives late, as it does. */
function pregameProgress(game: Game, atMs: number): number {
  const share = clamp((atMs - (game.startMs - MARKET_OPEN_MS)) / MARKET_OPEN_MS, 0, 1);
  return share * share * (3 - 2 * share);
}

/** A deterministic random walk of unit steps per WALK_STEP_MS from the market's open, continuous in time. */
function walk(game: Game, name: string, atMs: number): number {
  const openMs = game.startMs - MARKET_OPEN_MS;
  const steps = Math.max(0, (atMs - openMs) / WALK_STEP_MS);
  const random = createRandom('market-walk', name, game.ids.odds);
  let value = 0;
  for (let step = 1; step <= Math.floor(steps); step++) value += random.normal(0, 1);
  const partial = steps - Math.floor(steps);
  return value + (partial ? random.normal(0, 1) * partial : 0);
}

/** The pregame margin's move from its opening: the market's wander, the sharp money and any steam (home points). */
function pregameShift(game: Game, atMs: number): number {
  const story = storyOf(game);
  const sd = game.league.marginSd;
  const at = Math.min(atMs, game.startMs);
  const wander = walk(game, 'margin', at) * sd * 0.012;
  const sharp = story.sharpSide * sd * 0.05 * (story.sharpGap / 18) * pregameProgress(game, at);
  const steam = story.steamAtMs !== null && at >= story.steamAtMs ? story.steamSide * story.steamPoints : 0;
  return wander + sharp + steam;
}

/** The pregame total's move from its opening: its wander and the sharp money on the total. */
function pregameTotalShift(game: Game, atMs: number): number {
  const story = storyOf(game);
  const at = Math.min(atMs, game.startMs);
  const sd = game.league.marginSd;
  return walk(game, 'total', at) * sd * 0.01 + story.totalSharp * sd * 0.045 * (story.totalGap / 16) * pregameProgress(game, at);
}

/**
 * What the market believes at this instant: pregame from team strength, moved since the open by the money (sharp
 * money and steam move it, the crowd's bets do not); in play from the score and the share of the game left.
 */
export function marketView(snap: GameSnapshot, nowMs: number): MarketView {
  const { game } = snap;
  const sd = game.league.marginSd;
  const pregameMargin = game.expected.home - game.expected.away + pregameShift(game, nowMs);
  const pregameTotal = game.expected.home + game.expected.away + pregameTotalShift(game, nowMs);
  const left = 1 - snap.played;
  const margin = snap.score.home - snap.score.away + pregameMargin * left;
  const marginSd = sd * Math.sqrt(Math.max(left, 0.02));
  return {
    margin,
    marginSd,
    expectedTotal: snap.score.home + snap.score.away + pregameTotal * left,
    homeWinProbability: normalCdf(margin / marginSd),
  };
}

function buildLine(snap: GameSnapshot, view: MarketView, margin: number): GameLine {
  const fixed = FIXED_SPREAD[snap.game.league.sport];
  const homeFavoured = view.margin >= 0;
  let homeSpread: number;
  if (fixed !== undefined) {
    homeSpread = homeFavoured ? -fixed : fixed;
  } else {
    homeSpread = -roundToHalf(view.margin);
    if (homeSpread === 0) homeSpread = homeFavoured ? -0.5 : 0.5;
  }
  const homeCovers = normalCdf((view.margin + homeSpread) / view.marginSd);
  const spreadPrices = priceTwoWay(homeCovers, margin);
  const totalLine = Math.max(0.5, roundToHalf(view.expectedTotal));
  const over = normalCdf((view.expectedTotal - totalLine) / (view.marginSd * 1.1));
  const totalPrices = priceTwoWay(clamp(over, 0.05, 0.95), margin);
  const moneyline = priceTwoWay(view.homeWinProbability, margin);
  return {
    spread: { home: homeSpread, away: -homeSpread, homePrice: spreadPrices.first, awayPrice: spreadPrices.second },
    total: totalLine,
    totalPrice: { over: totalPrices.first, under: totalPrices.second },
    moneyline: { home: moneyline.first, away: moneyline.second },
  };
}

export function bookLine(snap: GameSnapshot, nowMs: number): GameLine {
  return buildLine(snap, marketView(snap, nowMs), BOOK_MARGIN);
}

/** Exchange prices at the same numbers, with the thinner margin of an exchange. */
export function exchangeLine(snap: GameSnapshot, nowMs: number): GameLine {
  return buildLine(snap, marketView(snap, nowMs), EXCHANGE_MARGIN);
}

export interface PublicSplits {
  spread: { homeBets: number; awayBets: number; homeMoney: number; awayMoney: number };
  moneyline: { homeBets: number; awayBets: number; homeMoney: number; awayMoney: number };
  total: { overBets: number; underBets: number; overMoney: number; underMoney: number };
}

/**
 * Public betting percentages. Tickets lean to favourites and overs and wander slowly; money follows the tickets,
 * except where the game's story sends sharp money the other way (apart by 12 to 26 points by the start) or steam
 * hits (a surge of money on one side for two hours).
 */
export function publicSplits(snap: GameSnapshot, nowMs: number): PublicSplits {
  const { game } = snap;
  const story = storyOf(game);
  const openingFavour = normalCdf((game.expected.home - game.expected.away) / game.league.marginSd);
  const lean = (openingFavour - 0.5) * 60;
  const progress = pregameProgress(game, nowMs);
  const steamSurge =
    story.steamAtMs !== null && nowMs >= story.steamAtMs && nowMs < story.steamAtMs + 2 * HOUR_MS ? story.steamSide * 10 : 0;
  const percent = (value: number): number => Math.round(clamp(value, 4, 96));
  const pair = (name: string, base: number, sharp: number): [number, number] => {
    const bets = percent(base + walk(game, `${name}-bets`, nowMs) * 2.5);
    const money = percent(bets + sharp * progress + steamSurge + walk(game, `${name}-money`, nowMs) * 1.5);
    return [bets, money];
  };
  const [spreadBets, spreadMoney] = pair('spread', 50 + lean * 0.6, story.sharpSide * story.sharpGap);
  const [mlBets, mlMoney] = pair('moneyline', 50 + lean, story.sharpSide * story.sharpGap * 0.8);
  const overBets = percent(58 + walk(game, 'over-bets', nowMs) * 2.5);
  const overMoney = percent(overBets + story.totalSharp * story.totalGap * progress + walk(game, 'over-money', nowMs) * 1.5);
  return {
    spread: { homeBets: spreadBets, awayBets: 100 - spreadBets, homeMoney: spreadMoney, awayMoney: 100 - spreadMoney },
    moneyline: { homeBets: mlBets, awayBets: 100 - mlBets, homeMoney: mlMoney, awayMoney: 100 - mlMoney },
    total: { overBets, underBets: 100 - overBets, overMoney, underMoney: 100 - overMoney },
  };
}

/** The splits as /splits and /splits-history write them: bet and money percentages per market and side. */
export function splitsPercents(splits: PublicSplits) {
  const sides = (market: { homeBets: number; awayBets: number; homeMoney: number; awayMoney: number }) => ({
    homeBetsPercent: market.homeBets,
    awayBetsPercent: market.awayBets,
    homeMoneyPercent: market.homeMoney,
    awayMoneyPercent: market.awayMoney,
  });
  return {
    spread: sides(splits.spread),
    moneyline: sides(splits.moneyline),
    total: {
      overBetsPercent: splits.total.overBets,
      underBetsPercent: splits.total.underBets,
      overMoneyPercent: splits.total.overMoney,
      underMoneyPercent: splits.total.underMoney,
    },
  };
}
