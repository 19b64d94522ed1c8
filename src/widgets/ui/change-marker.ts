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

  /**
   * The class that flashes a changed value, '' once the moment has passed. The score's node stays: live data changes
   * between two scores (the clock, the minute), and the render that follows the moment takes the class off, so the
   * next change adds it again and its flash starts anew.
   */
  flashClass(game: Game, which: 'home' | 'away', now = Date.now()): string {
    return now - (this.#seen.get(`${game.id}:${which}`)?.changedAt ?? 0) < FLASH_MS ? 'flash' : '';
  }
}
