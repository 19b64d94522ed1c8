import type { GameSnapshot } from './schedule.js';
import { createRandom } from './random.js';
import { clamp, normalCdf, priceTwoWay, roundToHalf } from './odds.js';

const BOOK_MARGIN = 0.045;
const EXCHANGE_MARGIN = 0.01;
const HOUR_MS = 3_600_000;

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

/**
 * What the market believes at this instant: pregame from team strength (drifting a little each hour),
 * in play from the score and the share of the game left.
 */
export function marketView(snap: GameSnapshot, nowMs: number): MarketView {
  const { game } = snap;
  const sd = game.league.marginSd;
  const drift = createRandom('drift', game.ids.odds, Math.floor(nowMs / HOUR_MS));
  const pregameMargin = game.expected.home - game.expected.away + (snap.status === 'scheduled' ? drift.normal(0, sd * 0.04) : 0);
  const pregameTotal = game.expected.home + game.expected.away + (snap.status === 'scheduled' ? drift.normal(0, sd * 0.03) : 0);
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
  const sport = snap.game.league.sport;
  const homeFavoured = view.margin >= 0;
  let homeSpread: number;
  if (sport === 'hockey' || sport === 'baseball') {
    homeSpread = homeFavoured ? -1.5 : 1.5;
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

/** Public betting percentages: tickets lean to favourites and overs, money a little less so; they drift by the hour. */
export function publicSplits(snap: GameSnapshot, nowMs: number): PublicSplits {
  const view = marketView(snap, nowMs);
  const random = createRandom('splits', snap.game.ids.odds, Math.floor(nowMs / HOUR_MS));
  const lean = (view.homeWinProbability - 0.5) * 60;
  const percent = (value: number): number => Math.round(clamp(value, 4, 96));
  const pair = (base: number, noise: number): [number, number] => {
    const bets = percent(base + random.normal(0, noise));
    const money = percent(bets + random.normal(0, noise * 1.4));
    return [bets, money];
  };
  const [spreadBets, spreadMoney] = pair(50 + lean * 0.6, 7);
  const [mlBets, mlMoney] = pair(50 + lean, 8);
  const [overBets, overMoney] = pair(57, 8);
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
