import { installGlobal } from './runtime/page-settings.js';

export { GameHeader } from './elements/game-header/game-header.js';
export { InjuryReport } from './elements/injury-report/injury-report.js';
export { LastFive } from './elements/last-five/last-five.js';
export { PlayerProps } from './elements/player-props/player-props.js';
export { ScoreStrip } from './elements/score-strip/score-strip.js';
export { ScoreTicker } from './elements/score-ticker/score-ticker.js';
export { WinProbability } from './elements/win-probability/win-probability.js';
export { StandingsTable } from './elements/standings-table/standings-table.js';
export { TeamStats } from './elements/team-stats/team-stats.js';
export { PitchingMatchup } from './elements/pitching-matchup/pitching-matchup.js';
export { FightCard } from './elements/fight-card/fight-card.js';
export { PbErrorEvent, PbLoadEvent, PbUpdateEvent } from './events.js';
export { PbGameSelectEvent } from './elements/score-strip/game-select-event.js';
export { configure, setMessages, type PressboxConfig, type PressboxMessages } from './runtime/page-settings.js';
export { SUPPORTED_LOCALES, type SupportedLocale } from '../contract/locales.js';
export { formatOdds, type OddsFormat } from './runtime/odds-format.js';
// What each element shows, as the relay sends it: for pb-load and pb-update handlers (`PbLoadEvent<ScoresPayload>`).
export type { Game, GameDetailPayload, ScoresPayload } from '../contract/scores.js';
export type { Team } from '../contract/common.js';
export type { FormPayload, InjuriesPayload, PropsPayload, WinProbabilityPayload } from '../contract/insights.js';
export type { PitchingMatchupPayload, StandingsPayload, TeamStatsPayload } from '../contract/season.js';
export type { FightCardPayload } from '../contract/fight-card.js';

// For pages that configure Pressbox from a classic script: Pressbox.configure({ key, relay }), Pressbox.setMessages(…).
installGlobal();
