import type { Game } from '../../../contract/scores.js';
import type { Translate } from '../../i18n/translate.js';

const ANNOUNCE_INTERVAL_MS = 20_000;

/**
 * What `<game-header announce>` says through its polite live region: the score or the final, in words. Repeated news is
 * not said again, bursts are thinned to one message at most every 20 seconds, and the first data is what the reader
 * finds on arrival, not news. A chunk of its own: only pages that turn announcing on fetch it.
 */
export class ScoreAnnouncer {
  #lastSpoken: { id: string; text: string } | undefined;
  #lastSpokenAt = 0;
  #pendingTimer: ReturnType<typeof setTimeout> | undefined;

  constructor(private readonly say: (text: string) => void) {}

  /** `homeFirst`: the home side first, as the header shows it (told by the element: this chunk imports nothing it shares). */
  consider(game: Game, t: Translate, homeFirst: boolean): void {
    if (game.status === 'scheduled' || game.home.score === null || game.away.score === null) return;
    const sides = { away: game.away.team.name, awayScore: game.away.score, home: game.home.team.name, homeScore: game.home.score };
    const score = homeFirst
      ? t('header.scoreHomeFirst', '{home} {homeScore}, {away} {awayScore}', sides)
      : t('header.score', '{away} {awayScore}, {home} {homeScore}', sides);
    const text =
      game.status === 'final'
        ? t('header.announceFinal', 'Final: {score}.', { score })
        : t('header.announceScore', 'Score update: {score}.', { score });
    if (!this.#lastSpoken || this.#lastSpoken.id !== game.id) {
      this.#lastSpoken = { id: game.id, text };
      return;
    }
    if (this.#lastSpoken.text === text) return;
    this.stop();
    const wait = Math.max(0, this.#lastSpokenAt + ANNOUNCE_INTERVAL_MS - Date.now());
    this.#pendingTimer = setTimeout(() => {
      this.#lastSpoken = { id: game.id, text };
      this.#lastSpokenAt = Date.now();
      this.say(text);
    }, wait);
  }

  /** Drops news not yet said (the element left the page). */
  stop(): void {
    clearTimeout(this.#pendingTimer);
  }
}
