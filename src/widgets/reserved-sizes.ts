/**
 * The height each element reserves before its data arrives, overridable with its `--pb-*-height` property. The
 * elements' styles use these, and the loader reserves the same box for tags not yet defined, so nothing on the page
 * moves when an element's code arrives either.
 */
export const RESERVED_SIZES = {
  'game-header': 'height:var(--pb-header-height,360px);',
  'injury-report': 'height:var(--pb-injuries-height,420px);',
  'last-five': 'height:var(--pb-last-five-height,188px);',
  'player-props': 'height:var(--pb-props-height,400px);',
  'score-strip': 'height:var(--pb-strip-height,136px);',
  'score-ticker': 'height:var(--pb-ticker-height,48px);',
  'standings-table': 'height:var(--pb-standings-height,420px);',
  'team-stats': 'height:var(--pb-team-stats-height,280px);',
  'pitching-matchup': 'height:var(--pb-matchup-height,300px);',
  'win-probability': 'height:var(--pb-win-probability-height,330px);',
} as const;

/** Boxes for tags not yet defined; `:where` leaves the page's own rules in charge. Also served as pressbox.css. */
export function reservedSizesCss(): string {
  return Object.entries(RESERVED_SIZES)
    .map(([tag, size]) => `:where(${tag}:not(:defined)){display:block;box-sizing:border-box;${size}}`)
    .join('\n');
}
