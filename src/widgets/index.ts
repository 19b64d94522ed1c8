export {
  ODDS_FORMATS,
  decimalOdds,
  formatOdds,
  fractionalOdds,
  impliedProbability,
  noVigProbabilities,
  type OddsFormat,
} from './runtime/odds-format.js';
