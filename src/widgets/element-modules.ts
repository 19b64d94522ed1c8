import type { ElementTag } from '../contract/elements.js';

/**
 * Each element's module by tag, for the npm package's loader: static imports an app's bundler (Vite, webpack, esbuild,
 * Rollup) splits into one chunk per element. A table the compiler holds to ELEMENT_TAGS, rather than a template
 * string, which not every bundler can follow.
 */
export const ELEMENT_MODULES: Record<ElementTag, () => Promise<unknown>> = {
  'score-ticker': () => import('./elements/score-ticker/score-ticker.js'),
  'score-strip': () => import('./elements/score-strip/score-strip.js'),
  'game-header': () => import('./elements/game-header/game-header.js'),
  'win-probability': () => import('./elements/win-probability/win-probability.js'),
  'player-props': () => import('./elements/player-props/player-props.js'),
  'last-five': () => import('./elements/last-five/last-five.js'),
  'injury-report': () => import('./elements/injury-report/injury-report.js'),
  'standings-table': () => import('./elements/standings-table/standings-table.js'),
  'team-stats': () => import('./elements/team-stats/team-stats.js'),
  'pitching-matchup': () => import('./elements/pitching-matchup/pitching-matchup.js'),
  'fight-card': () => import('./elements/fight-card/fight-card.js'),
};
