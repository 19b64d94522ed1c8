import { MONEY_OVER_BETS_POINTS, type MarketSplits } from '../../contract/betting.js';
import type { Line } from '../../contract/scores.js';
import type { MarketLines, MarketSplits as UpstreamSplits } from '../upstream/schemas.js';

/** A line as the elements read it, from the upstream's shape (book or exchange: the same fields). */
export function projectLine(lines: MarketLines): Line {
  const { spread, total, totalPrice, moneyline } = lines;
  return {
    spread: spread
      ? { home: spread.home, away: spread.away, homePrice: spread.homePrice ?? null, awayPrice: spread.awayPrice ?? null }
      : null,
    total: total === undefined ? null : { points: total, overPrice: totalPrice?.over ?? null, underPrice: totalPrice?.under ?? null },
    moneyline: moneyline ? { home: moneyline.home, away: moneyline.away } : null,
  };
}

/** The side whose money share beats its bet share by the rule's points (contract/betting.ts), or null. */
function markedSide<Side extends string>(first: Side, second: Side, firstBets: number, firstMoney: number): Side | null {
  const gap = firstMoney - firstBets;
  if (gap >= MONEY_OVER_BETS_POINTS) return first;
  if (-gap >= MONEY_OVER_BETS_POINTS) return second;
  return null;
}

/** The upstream's percentages as the elements read them, each market with its marked side. */
export function projectSplits(splits: UpstreamSplits | undefined): MarketSplits {
  const sides = (market: UpstreamSplits['spread']) =>
    market
      ? {
          home: { bets: market.homeBetsPercent, money: market.homeMoneyPercent },
          away: { bets: market.awayBetsPercent, money: market.awayMoneyPercent },
          marked: markedSide('home', 'away', market.homeBetsPercent, market.homeMoneyPercent),
        }
      : null;
  const total = splits?.total;
  return {
    spread: sides(splits?.spread),
    moneyline: sides(splits?.moneyline),
    total: total
      ? {
          over: { bets: total.overBetsPercent, money: total.overMoneyPercent },
          under: { bets: total.underBetsPercent, money: total.underMoneyPercent },
          marked: markedSide('over', 'under', total.overBetsPercent, total.overMoneyPercent),
        }
      : null,
  };
}
