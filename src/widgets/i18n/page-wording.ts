import messageNumbers from './message-numbers.js';
import type { SupportedLocale } from '../../contract/locales.js';
import type { Catalog } from './translate.js';

/** Pages write `{ "de": { "status.final": "Endstand" } }`; `status.final_one` style keys name one plural form. */
type Wording = Record<string, Catalog>;

const warned = new Set<string>();
let parsed: { texts: string; wording: Wording } | undefined;

/**
 * `<script type="application/json" data-pressbox-messages>`, as the page has them now (a CMS may add one later);
 * parsed again only when their text changed, not on every render of every element.
 */
function declaredWording(): Wording {
  const scripts = [...document.querySelectorAll('script[data-pressbox-messages]')];
  const texts = scripts.map((script) => script.textContent).join('\u0000');
  if (parsed?.texts === texts) return parsed.wording;
  const declared: Wording = {};
  for (const script of scripts) {
    try {
      for (const [tag, messages] of Object.entries(JSON.parse(script.textContent!) as Wording))
        declared[tag] = { ...declared[tag], ...messages };
    } catch (error) {
      if (!warned.has(script.textContent!))
        console.warn(`Pressbox: a data-pressbox-messages script is not valid JSON (${(error as Error).message}); it is ignored.`);
      warned.add(script.textContent!);
    }
  }
  parsed = { texts, wording: declared };
  return declared;
}

/** The key the bundle looks a message up by: its number where the build gave it one (see vite.config.ts). */
function bundleKey(key: string): string {
  const at = key.lastIndexOf('_');
  const plural = at > 0 ? messageNumbers[key.slice(0, at)] : undefined;
  return String(messageNumbers[key] ?? (plural === undefined ? key : `${plural}${key.slice(at)}`));
}

/**
 * The page's wording for a locale: the JSON script's, then `Pressbox.setMessages`' (the later call wins). Tags are
 * matched by the base chunk's `supportedLocale`, passed in rather than imported, so the all-in-one file stays one file.
 */
export function wordingFor(locale: SupportedLocale, supportedLocale: (tag: string) => SupportedLocale | undefined): Catalog | undefined {
  let merged: Catalog | undefined;
  for (const source of [declaredWording(), window.Pressbox?.messages ?? {}])
    for (const [tag, messages] of Object.entries(source))
      if (supportedLocale(tag) === locale) for (const [key, text] of Object.entries(messages)) (merged ??= {})[bundleKey(key)] = text;
  return merged;
}
