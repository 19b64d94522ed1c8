import type { League, Team } from '../leagues.js';
import type { ExpectedScores } from './types.js';

interface ScoringParams {
  base: number;
  perStrength: number;
  homeEdge: number;
}

const SCORING: Record<string, ScoringParams> = {
  NBA: { base: 114, perStrength: 4, homeEdge: 1.5 },
  WNBA: { base: 82, perStrength: 3.5, homeEdge: 1.2 },
  NCAAB: { base: 72, perStrength: 5, homeEdge: 2 },
  NFL: { base: 22, perStrength: 3.5, homeEdge: 1.2 },
  CFB: { base: 28, perStrength: 7, homeEdge: 1.5 },
  NHL: { base: 3.05, perStrength: 0.35, homeEdge: 0.1 },
  MLB: { base: 4.5, perStrength: 0.55, homeEdge: 0.15 },
  // About 2.9 goals a match, home sides winning about half their matches and a quarter drawn, as MLS seasons run.
  MLS: { base: 1.45, perStrength: 0.3, homeEdge: 0.25 },
};

/** Expected final score of each side. The simulation draws from it and the lines price it, so the two agree. */
export function expectedScores(league: League, home: Team, away: Team): ExpectedScores {
  const params = SCORING[league.code] ?? { base: 1, perStrength: 0.2, homeEdge: 0.05 };
  const edge = (home.strength - away.strength) * params.perStrength * 0.5;
  return {
    home: Math.max(params.base * 0.4, params.base + edge + params.homeEdge),
    away: Math.max(params.base * 0.4, params.base - edge - params.homeEdge),
  };
}
