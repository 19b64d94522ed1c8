import type { SupportedLocale } from '../../contract/locales.js';
import { CATALOG_FILES, SEASON_FILES } from './catalog-files.js';
import type { Catalog, MessageId, PackedCatalog, Words } from './translate.js';

/**
 * The code that reads words other than the English in the code: each locale's catalog, fetched once per page, and a
 * page's own wording. A chunk of its own, fetched by the first element that speaks another language than English or
 * finds wording on its page, so English pages carry none of it.
 */

type PageWording = typeof import('./page-wording.js');

/** Each locale's loaded catalog; the season part (i18n/season-messages.ts) joins its entry. */
const catalogs = new Map<SupportedLocale, Catalog | PackedCatalog>();
const pending = new Map<SupportedLocale, Promise<void>>();
const seasonPending = new Map<SupportedLocale, Promise<void>>();
let pageWording: PageWording | undefined;

function warnNotLoaded(locale: SupportedLocale, error: unknown): void {
  console.warn(`Pressbox: could not load the "${locale}" messages (${(error as Error).message}); showing English.`);
}

function loadCatalog(locale: SupportedLocale): Promise<void> | undefined {
  if (locale === 'en' || catalogs.has(locale)) return undefined;
  let loading = pending.get(locale);
  if (!loading) {
    loading = CATALOG_FILES[locale]().then(
      (module) => void catalogs.set(locale, module.default),
      (error: unknown) => {
        warnNotLoaded(locale, error);
        catalogs.set(locale, {});
      },
    );
    pending.set(locale, loading);
  }
  return loading;
}

/** The code that reads a page's own wording, fetched once and only by pages that have some. */
function loadPageWording(): Promise<unknown> {
  return import('./page-wording.js').then((module) => (pageWording = module));
}

/** A message's text in a catalog, flat (as translators write it) or packed (as the bundle ships it). */
function lookup(catalog: Catalog | PackedCatalog | undefined, id: MessageId, category: string | undefined): string | undefined {
  if (!Array.isArray(catalog)) return catalog?.[category ? `${id}_${category}` : id];
  const entry = typeof id === 'number' ? catalog[id] : (catalog.at(-1) as Catalog)[category ? `${id}_${category}` : id];
  return typeof entry === 'object' ? entry[category!] : entry;
}

/** A publisher's wording first, then the catalog; undefined where the English source stands. */
export function catalogWords(catalog: Catalog | PackedCatalog | undefined, overrides: Catalog | undefined): Words {
  return (id, category) => lookup(overrides, id, category) ?? overrides?.[id] ?? lookup(catalog, id, category);
}

/**
 * A locale's words as they stand now (its catalog, and the page's wording where it has some), once both are here. Tags
 * of a page's wording are matched by the base chunk's `supportedLocale`, passed in: a chunk importing the all-in-one file
 * would run it twice.
 */
export async function wordsFor(
  locale: SupportedLocale,
  wording: boolean,
  supportedLocale: (tag: string) => SupportedLocale | undefined,
): Promise<Words> {
  await Promise.all([loadCatalog(locale), wording && !pageWording ? loadPageWording() : undefined]);
  return catalogWords(catalogs.get(locale), wording ? pageWording?.wordingFor(locale, supportedLocale) : undefined);
}

/**
 * Joins the part to the locale's loaded main catalog. Built, both are packed: the part's numbers follow the main ones
 * (scripts/messages.ts `messageNumbers`) and each ends with its ids made at run time; unbuilt (tests), both are flat.
 */
function join(locale: SupportedLocale, part: Catalog | PackedCatalog): void {
  const main = catalogs.get(locale);
  if (Array.isArray(main) && Array.isArray(part))
    catalogs.set(locale, [...main.slice(0, -1), ...part.slice(0, -1), { ...(main.at(-1) as Catalog), ...(part.at(-1) as Catalog) }]);
  else if (main && !Array.isArray(main) && !Array.isArray(part)) catalogs.set(locale, { ...main, ...part });
}

/** The season elements' words in a locale, joined to its catalog once both are here (once per page). */
export function loadSeasonWords(locale: Exclude<SupportedLocale, 'en'>): Promise<void> {
  let loaded = seasonPending.get(locale);
  if (!loaded) {
    loaded = Promise.all([loadCatalog(locale), SEASON_FILES[locale]()]).then(
      ([, part]) => join(locale, part.default),
      (error: unknown) => warnNotLoaded(locale, error),
    );
    seasonPending.set(locale, loaded);
  }
  return loaded;
}
