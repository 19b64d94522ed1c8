/** Stands in for a team colour the data service does not have: the relay's contrast and the badges agree on it. */
export const NEUTRAL_TEAM_COLOR = '#6b7280';
