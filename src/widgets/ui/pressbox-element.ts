import {
  LitElement,
  html,
  nothing,
  unsafeCSS,
  type CSSResult,
  type PropertyValues,
  type TemplateResult,
  type PropertyDeclarations,
} from 'lit';
import { ELEMENT_REQUIRES, hostBoxCss, type ElementTag } from '../../contract/elements.js';
import { errorState, freshnessNotice, loadErrorWords, skeleton, stateStyles, type NotFound, type Notice } from './states.js';
import { tokens } from './tokens.js';
import { pauseButton } from './pause-button.js';
import { pageIsDark } from './page-theme.js';
import type { OddsFormat } from '../runtime/odds-format.js';
import { loadWords, resolveLocale, type ResolvedLocale } from '../i18n/locale.js';
import { translator, type Localized, type Translate, type Words } from '../i18n/translate.js';
import { PressboxError } from '../runtime/errors.js';
import type { PressboxEventMap } from '../runtime/events.js';
import { ResourceController, type ResourceHost, type ResourceOptions } from '../runtime/resource-controller.js';

/**
 * An element's stylesheets: the theme, its host box (the reserved size at any width, and a container its layout can
 * query), the loading and error states, then its own.
 */
export function elementStyles(tag: ElementTag, ...own: CSSResult[]): CSSResult[] {
  const host = unsafeCSS(`:host{position:relative;overflow:hidden;container-type:inline-size}${hostBoxCss(tag)}`);
  return [tokens, host, stateStyles, ...own];
}

/**
 * An element's data, from the route `request` names for its attributes; while one that the registry says it requires
 * (contract/elements.ts) is empty, the error that names them to the publisher instead (`<last-five> needs league="…"
 * team="…".`): readers see the setup message.
 */
export function elementResource<T extends Fresh>(element: ResourceHost, options: ResourceOptions<T>): ResourceController<T> {
  const required = ELEMENT_REQUIRES[element.localName as ElementTag] ?? [];
  const host = element as unknown as Record<string, string>;
  return new ResourceController<T>(element, {
    ...options,
    request: () =>
      required.every((name) => host[name.replace(/-(.)/, (_, letter: string) => letter.toUpperCase())])
        ? options.request()
        : new PressboxError('bad_request', `<${element.localName}> needs ${required.map((name) => `${name}="…"`).join(' ')}.`),
  });
}

/** What every payload carries, and the base class reads. */
export interface Fresh {
  stale: boolean;
  updatedAt: string;
  /** The day a pinned request shows (`as-of`). */
  asOf?: string;
  /** How soon to ask again without a live stream, as the relay says (the route's rule). */
  refreshMs: number;
}

// Types only, no bytes: each element's listeners get its own payload (`strip.addEventListener('pb-load', (event) =>
// event.data.games)`), as lib.dom types a <video>'s events; frameworks' template checkers (Angular's) read these too.
export interface PressboxElement<T extends Fresh = Fresh> {
  addEventListener<K extends keyof PressboxEventMap<T>>(
    type: K,
    listener: (this: this, event: PressboxEventMap<T>[K]) => unknown,
    options?: boolean | AddEventListenerOptions,
  ): void;
  addEventListener(type: string, listener: EventListenerOrEventListenerObject, options?: boolean | AddEventListenerOptions): void;
  removeEventListener<K extends keyof PressboxEventMap<T>>(
    type: K,
    listener: (this: this, event: PressboxEventMap<T>[K]) => unknown,
    options?: boolean | EventListenerOptions,
  ): void;
  removeEventListener(type: string, listener: EventListenerOrEventListenerObject, options?: boolean | EventListenerOptions): void;
}

/** What a tag's `pb-load` and `pb-update` events carry: `ElementPayload<'score-strip'>` is `ScoresPayload`. */
export type ElementPayload<Tag extends keyof HTMLElementTagNameMap> =
  HTMLElementTagNameMap[Tag] extends PressboxElement<infer T> ? T : never;

/**
 * What every Pressbox element shares: the common attributes, theme, Intl options, the loading, error and freshness
 * states, and custom states (`:state(loading)`, `:state(error)`, `:state(stale)`, `:state(live)`) mirrored from its
 * resource, and `:state(dark)` from its theme and the page.
 */
// eslint-disable-next-line @typescript-eslint/no-unsafe-declaration-merging -- the interface above adds types only
export abstract class PressboxElement<T extends Fresh = Fresh> extends LitElement {
  static override properties: PropertyDeclarations = {
    // Reflected: frameworks set it as a property, and the host's reserved box follows the attribute.
    league: { reflect: true },
    key: {},
    relay: {},
    theme: { reflect: true },
    locale: {},
    timeZone: { attribute: 'time-zone' },
    oddsFormat: { attribute: 'odds-format' },
    live: {},
    paused: { type: Boolean, reflect: true },
  };

  /** League code, such as `nba`: each element's reference lists the leagues it serves. */
  league = '';
  /** Publishable key; overrides the script tag's `data-key`. */
  key = '';
  /** Relay origin; overrides the script tag's origin. */
  relay = '';
  /** `auto` matches the page: its `color-scheme`, else its background (`:state(dark)`); `light` and `dark` force one. */
  theme: 'auto' | 'light' | 'dark' = 'auto';
  /** BCP 47 locale for words, numbers and dates; by default the script tag's `data-locale`, the page's `lang`, the reader's. */
  locale = '';
  /** IANA time zone for start times; the reader's by default. */
  timeZone = '';
  /** How prices are written, on the elements that show them: `american` (−110), `decimal` (1.91), `fractional` (10/11) or `implied` (52.4%). */
  oddsFormat: OddsFormat = 'american';
  /** `off` stops automatic refresh. */
  live = 'on';
  /**
   * `as-of`, on the elements that can be pinned to a day (they declare the attribute): shown as it stood then, never
   * refreshed.
   * @internal
   */
  asOf = '';
  /** Present while the reader has paused live updates (the element's pause button). */
  paused = false;

  protected readonly internals: ElementInternals = this.attachInternals();
  protected abstract readonly resource: ResourceController<T>;

  /** The pause button's action. */
  protected readonly togglePaused = (): void => {
    this.paused = !this.paused;
  };

  /** The pause button, where there are updates to pause: none on data pinned to a day. */
  protected pauseControl(): TemplateResult | typeof nothing {
    return this.asOf ? nothing : pauseButton(this.paused, this.togglePaused, this.t);
  }

  /** Fetches the element's data again now, without waiting for the next automatic refresh. */
  refresh(): Promise<void> {
    return this.resource.refresh();
  }

  #locale: ResolvedLocale | undefined;
  #translate: Translate | undefined;
  /** Whether the host's `dir` is the element's own (never overrides one the page set). */
  #ownDir = false;
  readonly #onMessagesChanged = () => this.requestUpdate();

  /** The element's messages in its locale (see `Translate`). */
  protected readonly t: Translate = (id, english, params) => this.#translate!(id, english, params);

  /** Locale, time zone and messages, for the templates and the shared UI pieces. */
  protected get localized(): Localized {
    return { locale: this.#locale!.format, timeZone: this.timeZone || undefined, t: this.t, rtl: this.#locale!.dir === 'rtl' };
  }

  override connectedCallback(): void {
    super.connectedCallback();
    // Dispatched by Pressbox.setMessages (runtime/page-settings.ts), which the base chunk does not import.
    window.addEventListener('pb-messages', this.#onMessagesChanged);
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    window.removeEventListener('pb-messages', this.#onMessagesChanged);
  }

  /**
   * Every render speaks the current locale: its messages (and an error's) are fetched first, so no English flashes. An
   * error found while updating (a missing attribute) renders before its words came: it renders again once they have.
   */
  protected override async scheduleUpdate(): Promise<void> {
    await this.resource.served;
    await this.layoutReady();
    const locale = resolveLocale(this, this.locale);
    const words = await loadWords(locale.messages);
    await loadErrorWords(this.resource.error);
    this.#speak(locale, words);
    super.scheduleUpdate();
    if (await loadErrorWords(this.resource.error)) this.requestUpdate();
  }

  /**
   * Server rendering: the first answer and its locale's words, given before Lit's server renderer calls render(),
   * which runs neither scheduleUpdate nor the resource's controller.
   * @internal
   */
  serverRender(data: T, locale: ResolvedLocale, words: Words | undefined): Promise<void> | void {
    this.#speak(locale, words);
    this.resource.data = data;
    this.resource.status = 'ready';
    return this.layoutReady();
  }

  #speak(locale: ResolvedLocale, words: Words | undefined): void {
    this.#locale = locale;
    this.#translate = translator(locale.format, words);
    this.#applyDirection(locale.dir);
  }

  /** Settles once the layout the data needs is here (a lazy chunk): the first render waits for it as for the words. */
  protected layoutReady(): Promise<void> | void {}

  /** The server's shadow root (src/ssr) gives way, in the same frame, to the first render of the same data. */
  protected override update(changed: PropertyValues): void {
    if (!this.hasUpdated && this.renderRoot.firstChild) {
      this.renderRoot.replaceChildren();
      // LitElement renders before the root's first child when it was made: the server's, now gone.
      this.renderOptions.renderBefore = null;
    }
    super.update(changed);
  }

  /** Whether the element lays out right to left (its locale, or the page's `dir`): arrow keys and scrolling follow. */
  protected get rightToLeft(): boolean {
    return getComputedStyle(this).direction === 'rtl';
  }

  #applyDirection(dir: ResolvedLocale['dir']): void {
    if (this.hasAttribute('dir') && !this.#ownDir) return;
    this.#ownDir = dir !== undefined;
    if (dir) this.setAttribute('dir', dir);
    else this.removeAttribute('dir');
  }

  /** Whether the data shows a game in progress (drives `:state(live)`): never, unless the element says otherwise. */
  protected isLive(_data: T): boolean {
    return false;
  }

  /** The element's region name while it has no data to be named by. */
  protected abstract get regionLabel(): string;
  /** Placeholder blocks of the data layout's size while the first data loads: how many, and their class. */
  protected abstract readonly skeletonBlocks: readonly [count: number, className: string];
  /** What the element looked for, when the relay answers not_found (a game, unless it says otherwise). */
  protected readonly notFound?: NotFound;
  /** The element with its data; `notice` (the freshness notice, or nothing) goes last in its region. */
  protected abstract renderData(data: T, notice: Notice): TemplateResult;

  /** Loading, error and data states the same way in every element; only the data differs. */
  protected override render(): TemplateResult {
    const { status, data, error } = this.resource;
    if (data) {
      return this.renderData(data, freshnessNotice(error, data.stale, data.updatedAt, this.localized, data.asOf));
    }
    const loading = status === 'loading';
    return html`<section aria-label=${this.regionLabel} aria-busy=${loading ? 'true' : 'false'}>
      ${loading ? skeleton(...this.skeletonBlocks) : errorState(error!, this.localized, this.asOf ? 'day' : this.notFound)}
    </section>`;
  }

  protected override updated(changed: PropertyValues): void {
    super.updated(changed);
    const { status, data, error } = this.resource;
    this.#setState('loading', status === 'loading');
    this.#setState('error', error !== undefined);
    this.#setState('stale', data !== undefined && (error !== undefined || data.stale));
    this.#setState('live', data !== undefined && this.isLive(data));
    this.#setState('dark', this.theme == 'dark' || (this.theme != 'light' && pageIsDark(this)));
  }

  #setState(name: string, on: boolean): void {
    const states = this.internals.states;
    if (!states) return;
    if (on) states.add(name);
    else states.delete(name);
  }
}
