import { SUPPORTED_LOCALES, type SupportedLocale } from '../../contract/locales.js';
import { scriptTagConfig } from '../runtime/config.js';
import type { Catalog, PackedCatalog } from './translate.js';

/** The supported locale for a BCP 47 tag: the same tag, else the same language (`de-AT` → `de`); undefined if none. */
export function supportedLocale(tag: string): SupportedLocale | undefined {
  const lower = tag.toLowerCase();
  const language = lower.split(/[-_]/)[0];
  return (
    SUPPORTED_LOCALES.find((locale) => locale.toLowerCase() === lower) ?? SUPPORTED_LOCALES.find((locale) => locale.startsWith(language!))
  );
}

export interface ResolvedLocale {
  /** Whose words the element shows. */
  messages: SupportedLocale;
  /** Whose numbers and dates: the tag asked for, when its language is the one shown (`de-AT` dates, `de` words). */
  format: string;
  /** Set when the locale decides the direction; otherwise the page's `dir` applies. */
  dir: 'ltr' | 'rtl' | undefined;
}

/** The nearest `lang` above the element, through the shadow roots it sits in. */
function ancestorLang(element: Element | undefined): string | null | undefined {
  return element && (element.closest('[lang]')?.getAttribute('lang') || ancestorLang((element.getRootNode() as ShadowRoot).host));
}

const warned = new Set<string>();

/**
 * The element's `locale` attribute, then `Pressbox.configure({ locale })` or the script tag's `data-locale`, then the
 * nearest `lang`, then the reader's browser languages, then English. A tag asked for that no catalog covers shows
 * English, with one console warning per tag.
 */
export function resolveLocale(element: HTMLElement, attribute: string): ResolvedLocale {
  const asked = attribute || window.Pressbox?.config?.locale || scriptTagConfig().locale || ancestorLang(element);
  let tag = asked;
  let messages = asked ? supportedLocale(asked) : undefined;
  if (asked && !messages && !warned.has(asked)) {
    warned.add(asked);
    console.warn(`Pressbox: locale "${asked}" is not supported; showing English. Supported: ${SUPPORTED_LOCALES.join(', ')}.`);
  }
  if (!messages) {
    tag = (!asked && navigator.languages.find((language) => supportedLocale(language))) || 'en';
    messages = supportedLocale(tag)!;
  }
  let format: string = messages;
  try {
    // Scores, clocks and odds arrive in Latin digits; Arabic text keeps them rather than mixing two sets of digits.
    format = Intl.getCanonicalLocales(messages === 'ar' && !tag!.includes('-u-') ? `${tag}-u-nu-latn` : tag!)[0]!;
  } catch {
    // A malformed tag (de_AT) still shows its language's words; numbers and dates follow the words.
  }
  return { messages, format, dir: messages === 'ar' ? 'rtl' : attribute ? 'ltr' : undefined };
}
/** Each locale's loaded catalog; a part fetched later (i18n/season-messages.ts) joins its entry. */
export const catalogs = new Map<SupportedLocale, Catalog | PackedCatalog>();
const pending = new Map<SupportedLocale, Promise<void>>();

/** The locale's catalog once loaded (English has none: its words are in the code). */
export function loadedCatalog(locale: SupportedLocale): Catalog | PackedCatalog | undefined {
  return catalogs.get(locale);
}

/** Fetches a locale's catalog once per page; undefined when it is already here (or needs none). */
export function loadCatalog(locale: SupportedLocale): Promise<void> | undefined {
  if (locale === 'en' || catalogs.has(locale)) return undefined;
  let loading = pending.get(locale);
  if (!loading) {
    loading = import('./catalog-files.js')
      .then((files) => files.CATALOG_FILES[locale]())
      .then(
        (module) => void catalogs.set(locale, module.default),
        (error: unknown) => {
          console.warn(`Pressbox: could not load the "${locale}" messages (${(error as Error).message}); showing English.`);
          catalogs.set(locale, {});
        },
      );
    pending.set(locale, loading);
  }
  return loading;
}

type PageWording = typeof import('./page-wording.js');
let pageWording: PageWording | undefined;

/**
 * The code that reads a page's own wording, fetched once and only by pages that have some: `Pressbox.setMessages`
 * was called, or a `data-pressbox-messages` script is on the page.
 */
export function loadPageWording(): Promise<unknown> | undefined {
  if (pageWording || !(window.Pressbox?.messages || document.querySelector('script[data-pressbox-messages]'))) return undefined;
  return import('./page-wording.js').then((module) => (pageWording = module));
}

/** The page's wording for a locale, keyed as the bundle's messages are; undefined when the page has none. */
export function overridesFor(locale: SupportedLocale): Catalog | undefined {
  return pageWording?.wordingFor(locale, supportedLocale);
}
