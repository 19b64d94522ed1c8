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

/**
 * An element's events by name, `pb-load` and `pb-update` carrying its payload `T`: what its `addEventListener` and the
 * package's JSX typings give a listener (`ElementPayload<'score-strip'>` is `ScoresPayload`).
 */
export interface PressboxEventMap<T = unknown> extends HTMLElementEventMap {
  'pb-load': PbLoadEvent<T>;
  'pb-update': PbUpdateEvent<T>;
  'pb-error': PbErrorEvent;
}

// Listeners on the document or an ancestor hear every element's events, whatever each carries: `data` is unknown there.
declare global {
  interface GlobalEventHandlersEventMap {
    'pb-load': PbLoadEvent;
    'pb-update': PbUpdateEvent;
    'pb-error': PbErrorEvent;
  }
}
