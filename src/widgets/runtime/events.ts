import type { PressboxErrorCode } from './errors.js';

// The elements' events. A class with a static field is kept by the bundler wherever its module goes, so an event only
// one element sends lives beside it (score-strip's game-select-event.ts): pages without that element do not carry it.

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

declare global {
  interface GlobalEventHandlersEventMap {
    'pb-load': PbLoadEvent;
    'pb-update': PbUpdateEvent;
    'pb-error': PbErrorEvent;
  }
}
