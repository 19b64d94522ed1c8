import { PressboxError } from './errors.js';
import type { PressboxConfig } from './page-settings.js';

/** Key, relay and locale from the Pressbox script tag: `data-key`, its own origin (or `data-relay`), `data-locale`. */
export function scriptTagConfig(doc: Document = document): PressboxConfig {
  const script = doc.querySelector<HTMLScriptElement>('script[data-pressbox], script[data-key][src*="pressbox"]');
  if (!script) return {};
  const relay = script.dataset.relay ?? (script.src ? new URL(script.src, doc.baseURI).origin : undefined);
  return { key: script.dataset.key, relay, locale: script.dataset.locale };
}

/** Element attributes win over the JS API, which wins over the script tag. */
export function resolveConfig(element: PressboxConfig): Required<Omit<PressboxConfig, 'locale'>> | PressboxError {
  const tag = scriptTagConfig();
  // Read from the page rather than imported, so the loader and the element chunks share no module.
  const configured = window.Pressbox?.config ?? {};
  const key = element.key || configured.key || tag.key;
  const relay = element.relay || configured.relay || tag.relay;
  if (!key)
    return new PressboxError(
      'missing_key',
      'No widget key: add data-key="pk_live_…" to the Pressbox script tag or key="…" to the element.',
    );
  if (!relay)
    return new PressboxError('missing_key', 'No relay address: load Pressbox from your relay, or add relay="https://…" to the element.');
  return { key, relay: relay.replace(/\/+$/, '') };
}
