// `@pressbox/elements` where there is no browser: Next.js, Nuxt, SvelteKit and Astro render pages in Node first. Every
// entry of the package resolves here under the `node` condition (package.json): the same names, nothing defined,
// nothing read from `window`. The page's own bundle, which takes the browser entries, defines the elements when it
// runs, and they render from the tags the server wrote. Only the pure parts are real: locales, odds and events.
import type { PressboxConfig, PressboxMessages } from './runtime/page-settings.js';

export { PbErrorEvent, PbLoadEvent, PbUpdateEvent } from './runtime/events.js';
export { PbGameSelectEvent } from './elements/score-strip/game-select-event.js';
export { SUPPORTED_LOCALES, type SupportedLocale } from '../contract/locales.js';
export { formatOdds, type OddsFormat } from './runtime/odds-format.js';
export type { PressboxConfig, PressboxMessages };

/** Nothing to configure on a server: the page's browser bundle calls the real one. */
export function configure(_config: PressboxConfig): void {}

/** Nothing to reword on a server: the page's browser bundle calls the real one. */
export function setMessages(_locale: string, _messages: Record<string, string>): void {}

/** Elements are defined in the browser only; the loader has nothing to load on a server. */
export function load(..._names: string[]): Promise<void> {
  return Promise.resolve();
}

/** The element classes' names, so that a server-side import of one resolves; they are never defined on a server. */
export class GameHeader {}
export class InjuryReport {}
export class LastFive {}
export class PlayerProps {}
export class ScoreStrip {}
export class ScoreTicker {}
export class WinProbability {}
export class StandingsTable {}
export class TeamStats {}
export class PitchingMatchup {}
export class FightCard {}
export class OddsBoard {}
export class BettingSplits {}
export class LineMovement {}
