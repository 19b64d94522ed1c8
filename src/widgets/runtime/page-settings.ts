export interface PressboxConfig {
  /** Publishable key, `pk_live_…` or `pk_test_…`. */
  key?: string;
  /** Relay origin, such as `https://widgets.example.com`. */
  relay?: string;
}

/** What a page sees as `window.Pressbox`. */
export interface PressboxGlobal {
  configure(config: PressboxConfig): void;
  /** Loads and defines the elements named, for tags the loader cannot see (inside another shadow root). */
  load?(...tags: string[]): Promise<void>;
  config?: PressboxConfig;
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

/** Makes `Pressbox.configure` callable from classic scripts. */
export function installGlobal(extra: Partial<PressboxGlobal> = {}): void {
  window.Pressbox = { ...window.Pressbox, configure, ...extra };
}
