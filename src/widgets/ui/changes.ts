import { css } from 'lit';

const FLASH_MS = 1500;

/**
 * Remembers values between renders and says which changed in the last moment, so a new score can flash briefly.
 * The first sighting of a value is not a change.
 */
export class ChangeMarker {
  readonly #seen = new Map<string, { value: unknown; changedAt: number }>();

  isFresh(id: string, value: unknown, now = Date.now()): boolean {
    const previous = this.#seen.get(id);
    if (!previous) {
      this.#seen.set(id, { value, changedAt: 0 });
      return false;
    }
    if (previous.value !== value) {
      previous.value = value;
      previous.changedAt = now;
    }
    return now - previous.changedAt < FLASH_MS;
  }
}

/** A short highlight on a changed value; the reduced-motion rule in tokens turns it off. */
export const changeStyles = css`
  .flash {
    animation: pb-flash 1.2s ease-out;
    border-radius: 4px;
  }
  @keyframes pb-flash {
    from {
      background: var(--pb-color-flash, rgb(250 204 21 / 0.55));
    }
    to {
      background: transparent;
    }
  }
`;
