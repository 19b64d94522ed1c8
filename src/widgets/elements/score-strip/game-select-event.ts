import type { Game } from '../../../contract/scores.js';

/** A game was activated (click, Enter or Space). Cancel it to stop a `game-href` link from being followed. */
export class PbGameSelectEvent extends Event {
  static readonly type = 'pb-game-select';
  constructor(readonly game: Game) {
    super(PbGameSelectEvent.type, { bubbles: true, composed: true, cancelable: true });
  }
}

declare global {
  interface GlobalEventHandlersEventMap {
    'pb-game-select': PbGameSelectEvent;
  }
}
