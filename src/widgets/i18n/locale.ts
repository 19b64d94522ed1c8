import { SUPPORTED_LOCALES, type SupportedLocale } from '../../contract/locales.js';
import { scriptTagConfig } from '../runtime/config.js';
import type { Words } from './translate.js';

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
  const known = asked && supportedLocale(asked);
  if (asked && !known && !warned.has(asked)) {
    warned.add(asked);
    console.warn(`Pressbox: locale "${asked}" is not supported; showing English. Supported: ${SUPPORTED_LOCALES.join(', ')}.`);
  }
  return localeFor(
    asked && known ? asked : (!asked && navigator.languages.find((language) => supportedLocale(language))) || 'en',
    Boolean(attribute),
  );
}

/**
 * A supported tag's words, numbers and dates (an unsupported one's: English); `own` when the element's attribute
 * asked for it, which then decides the direction even where the page's `dir` says otherwise.
 */
export function localeFor(tag: string, own: boolean): ResolvedLocale {
  const messages = supportedLocale(tag) ?? 'en';
  let format: string = messages;
  try {
    // Scores, clocks and odds arrive in Latin digits; Arabic text keeps them rather than mixing two sets of digits.
    format = Intl.getCanonicalLocales(messages === 'ar' && !tag.includes('-u-') ? `${tag}-u-nu-latn` : tag)[0]!;
  } catch {
    // A malformed tag (de_AT) still shows its language's words; numbers and dates follow the words.
  }
  return { messages, format, dir: messages === 'ar' ? 'rtl' : own ? 'ltr' : undefined };
}

/** Whether the page has wording of its own: `Pressbox.setMessages` was called, or a `data-pressbox-messages` script. */
function pageHasWording(): boolean {
  return Boolean(window.Pressbox?.messages || document.querySelector('script[data-pressbox-messages]'));
}

/**
 * The words of a locale other than English, or of a page with wording of its own, once they are here: the code that
 * reads them (i18n/words.ts) comes with them, fetched once per page. Undefined for English as the code writes it.
 */
export function loadWords(locale: SupportedLocale): Promise<Words> | undefined {
  const wording = pageHasWording();
  if (locale === 'en' && !wording) return undefined;
  return import('./words.js').then((words) => words.wordsFor(locale, wording, supportedLocale));
}
