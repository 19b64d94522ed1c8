export interface PressboxConfig {
  /** Publishable key, `pk_live_…` or `pk_test_…`. */
  key?: string;
  /** Relay origin, such as `https://widgets.example.com`. */
  relay?: string;
  /** Locale for every element that sets none, such as `de` (see the locale order in docs/publishers.md). */
  locale?: string;
}

/** A page's own wording, by locale and message id: `{ de: { 'status.final': 'Endstand' } }`. */
export type PressboxMessages = Record<string, Record<string, string>>;

/** Fired on `window` when a page changes wording, so elements on screen show it. */
const MESSAGES_CHANGED = 'pb-messages';

/** What a page sees as `window.Pressbox`. */
export interface PressboxGlobal {
  configure(config: PressboxConfig): void;
  /** Loads and defines the elements named, for tags the loader cannot see (inside another shadow root). */
  load?(...tags: string[]): Promise<void>;
  config?: PressboxConfig;
  /** Replaces messages in one locale, such as `Pressbox.setMessages('en', { 'status.final': 'FT' })`. */
  setMessages(locale: string, messages: Record<string, string>): void;
  messages?: PressboxMessages;
}

declare global {
  interface Window {
    Pressbox?: Partial<PressboxGlobal>;
  }
}

/**
 * The small JS API: `Pressbox.configure({ key, relay })` for pages that cannot use data attributes.
 * The settings live on `window.Pressbox` rather than in a module, so the loader and the element chunks share them
 * without importing each other (a chunk importing the loader could run it twice, once per URL it was loaded by).
 */
export function configure(config: PressboxConfig): void {
  const pressbox = (window.Pressbox ??= {});
  pressbox.config = { ...pressbox.config, ...config };
}

/** A page's wording for any message in any locale, without a build step; elements on screen re-render with it. */
export function setMessages(locale: string, messages: Record<string, string>): void {
  const pressbox = (window.Pressbox ??= {});
  const all = (pressbox.messages ??= {});
  all[locale] = { ...all[locale], ...messages };
  window.dispatchEvent(new Event(MESSAGES_CHANGED));
}

/** Makes `Pressbox.configure` and `Pressbox.setMessages` callable from classic scripts. */
export function installGlobal(extra: Partial<PressboxGlobal> = {}): void {
  window.Pressbox = { ...window.Pressbox, configure, setMessages, ...extra };
}
