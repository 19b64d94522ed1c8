import type { Game } from '../contract/scores.js';
import type { PressboxErrorCode } from './runtime/errors.js';

/** First data shown by an element. */
export class PbLoadEvent<T = unknown> extends Event {
  static readonly type = 'pb-load';
  constructor(readonly data: T) {
    super(PbLoadEvent.type, { bubbles: true, composed: true });
  }
}

/** New data replaced what the element showed. */
export class PbUpdateEvent<T = unknown> extends Event {
  static readonly type = 'pb-update';
  constructor(readonly data: T) {
    super(PbUpdateEvent.type, { bubbles: true, composed: true });
  }
}

/** The element could not get data; `code` is the relay's error code (or `network`, `bad_response`). */
export class PbErrorEvent extends Event {
  static readonly type = 'pb-error';
  constructor(
    readonly code: PressboxErrorCode,
    readonly message: string,
  ) {
    super(PbErrorEvent.type, { bubbles: true, composed: true });
  }
}

/** A game was activated (click, Enter or Space). Cancel it to stop a `game-href` link from being followed. */
export class PbGameSelectEvent extends Event {
  static readonly type = 'pb-game-select';
  constructor(readonly game: Game) {
    super(PbGameSelectEvent.type, { bubbles: true, composed: true, cancelable: true });
  }
}

declare global {
  interface GlobalEventHandlersEventMap {
    'pb-load': PbLoadEvent;
    'pb-update': PbUpdateEvent;
    'pb-error': PbErrorEvent;
    'pb-game-select': PbGameSelectEvent;
  }
}
