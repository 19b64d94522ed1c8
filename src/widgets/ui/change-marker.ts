import type { Game } from '../../contract/scores.js';

const FLASH_MS = 1500;

/**
 * Remembers scores between updates and says which changed in the last moment, so a new score can flash briefly.
 * Elements note what they are about to show in `willUpdate`; `render()` only asks. The first sighting is not a change.
 */
export class ChangeMarker {
  readonly #seen = new Map<string, { value: unknown; changedAt: number }>();

  noteScores(games: readonly Game[], now = Date.now()): void {
    for (const game of games)
      for (const which of ['home', 'away'] as const) {
        const id = `${game.id}:${which}`;
        const value = game[which].score;
        const previous = this.#seen.get(id);
        if (!previous) this.#seen.set(id, { value, changedAt: 0 });
        else if (previous.value !== value) this.#seen.set(id, { value, changedAt: now });
      }
  }

  isFresh(game: Game, which: 'home' | 'away', now = Date.now()): boolean {
    return now - (this.#seen.get(`${game.id}:${which}`)?.changedAt ?? 0) < FLASH_MS;
  }
}
